"""Citable rules and registered ambiguities.

Every precondition and effect of a model is a :class:`Rule` with an id such as
``crafts/market.extra-exchange-cost``, the rules file it comes from (by its name
in ``shared/rules/``) and a short quote that stands verbatim in that file.

Where the text is silent, garbled or contradictory the gap is an
:class:`Ambiguity`: the question, the readings, the default and why, and the
variant option that selects each reading.
"""

from collections.abc import Iterator, Mapping

import attrs

from rules_oracle.model.core.errors import IllegalAction


@attrs.frozen(slots=True)
class Rule:
    """One citable rule: ``id`` is ``game/local-id``."""

    id: str
    file: str
    quote: str
    summary: str
    #: where the content comes from when the text lacks it: ``None`` for the
    #: rules text itself, otherwise an ambiguity id or ``supplementary:...``.
    source: str | None = None


@attrs.frozen(slots=True)
class Reading:
    """One way to read an ambiguous passage; ``key`` is the variant value."""

    key: str
    summary: str


#: the policy of a directed witness: the players' choices recorded, chance drawn by the seed
DIRECTED = "directed"


@attrs.frozen(slots=True)
class Witnessed:
    """Where a witness of an option's readings was found: the seeded game (player count,
    seed, play policy) on which the default and the other reading disagree. The search
    tries it first, so a witness that only a long scan of seeds finds is found at once,
    and a test replays it (it fails when the readings stop disagreeing there).

    A game a directed search found (policy :data:`DIRECTED`) records the players'
    choices: ``choices[i]`` is the index of the ``i``-th player step's action among the
    legal actions there, and every chance step is drawn from ``random.Random(seed)`` as a
    seeded game draws it; the replay is legal play from the set-up."""

    players: int
    seed: int
    policy: str
    choices: tuple[int, ...] = ()

    def __attrs_post_init__(self) -> None:
        if self.choices and self.policy != DIRECTED:
            raise ValueError(f"only a {DIRECTED} witness records its choices")


@attrs.frozen(slots=True)
class Ambiguity:
    id: str
    file: str
    quote: str
    question: str
    readings: tuple[Reading, ...]
    default: str
    why: str
    #: the variant option whose value (a reading key) selects the reading;
    #: ``None`` when the readings play alike or a reading that plays differently
    #: cannot be offered (then ``unselectable`` says why).
    option: str | None
    #: where the default comes from: "published game", "later rule in the text",
    #: "project default (playability)", "supplementary data (confidence ...)".
    source: str
    #: why readings that would play differently are not offered as an option;
    #: ``None`` when there is an option or the readings play alike.
    unselectable: str | None = None
    #: for an option: why no short seeded game shows the readings disagree (the witness
    #: search finds none) and where they are shown instead; ``None`` when the search
    #: finds a witness.
    no_witness: str | None = None
    #: for an option: the seeded game the witness search found its witness on, when a
    #: short scan of seeds does not (``None`` otherwise)
    witness: Witnessed | None = None

    @property
    def kind(self) -> str:
        """How play depends on the readings: ``option`` (selectable by the variant
        option), ``unselectable`` (readings, or an alternative to the one registered,
        would play differently but are not offered; ``unselectable`` says why),
        ``alike`` (several readings that play alike) or ``single`` (one reading is
        registered, a gap the model fills in one way)."""
        if self.option is not None:
            return "option"
        if self.unselectable is not None:
            return "unselectable"
        return "alike" if len(self.readings) > 1 else "single"

    def reading(self, key: str) -> Reading:
        for r in self.readings:
            if r.key == key:
                return r
        raise KeyError(f"ambiguity {self.id}: no reading {key!r}")


class RuleBook:
    """The rules and ambiguities of one game, in registration order."""

    def __init__(self, game: str, file: str) -> None:
        self.game = game
        self.file = file
        self._rules: dict[str, Rule] = {}
        self._ambiguities: dict[str, Ambiguity] = {}

    # -- rules -------------------------------------------------------------
    def rule(self, local_id: str, quote: str, summary: str, *, source: str | None = None,
             file: str | None = None) -> str:
        """Register a rule and return its full id (``game/local_id``)."""
        rid = f"{self.game}/{local_id}"
        if rid in self._rules:
            raise ValueError(f"duplicate rule id {rid}")
        self._rules[rid] = Rule(rid, file or self.file, quote, summary, source)
        return rid

    def __getitem__(self, rid: str) -> Rule:
        return self._rules[rid]

    def get(self, rid: str) -> Rule | None:
        """The rule with this full id, or ``None``."""
        return self._rules.get(rid)

    def __contains__(self, rid: object) -> bool:
        return rid in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._rules)

    def illegal(self, rid: str, message: str) -> IllegalAction:
        """Build the error for an action that breaks rule ``rid``."""
        if rid not in self._rules:
            raise KeyError(f"unregistered rule id {rid}")
        return IllegalAction(rid, message)

    # -- ambiguities -------------------------------------------------------
    def ambiguity(self, local_id: str, *, quote: str, question: str,
                  readings: Mapping[str, str], default: str, why: str, source: str,
                  option: str | None = None, file: str | None = None,
                  unselectable: str | None = None, no_witness: str | None = None,
                  witness: Witnessed | None = None) -> str:
        """Register an ambiguity. ``option`` names the variant option when the readings
        change play; ``unselectable`` says why readings that would play differently
        are not offered (never both); with neither, the readings play alike.
        ``no_witness`` (an option only) says why no short seeded game shows the readings
        disagree; ``witness`` (an option only) the seeded game a witness was found on."""
        aid = f"{self.game}/{local_id}"
        if aid in self._ambiguities:
            raise ValueError(f"duplicate ambiguity id {aid}")
        if default not in readings:
            raise ValueError(f"{aid}: default {default!r} is not a reading")
        if option is not None and any(
            a.option == option for a in self._ambiguities.values()
        ):
            raise ValueError(f"{aid}: option {option!r} already used")
        if option is not None and unselectable is not None:
            raise ValueError(f"{aid}: an option is selectable; give no unselectable reason")
        if option is None and no_witness is not None:
            raise ValueError(f"{aid}: only an option's readings have witnesses")
        if witness is not None and (option is None or no_witness is not None):
            raise ValueError(f"{aid}: a found witness needs an option and no no_witness")
        self._ambiguities[aid] = Ambiguity(
            aid, file or self.file, quote, question,
            tuple(Reading(k, v) for k, v in readings.items()), default, why, option, source,
            unselectable, no_witness, witness,
        )
        return aid

    @property
    def ambiguities(self) -> tuple[Ambiguity, ...]:
        return tuple(self._ambiguities.values())

    def get_ambiguity(self, aid: str) -> Ambiguity:
        return self._ambiguities[aid]

    def options(self) -> dict[str, Ambiguity]:
        """Variant option name -> the ambiguity it selects a reading of."""
        return {a.option: a for a in self._ambiguities.values() if a.option is not None}


def normalize(text: str) -> str:
    """Whitespace folded to single spaces: how quotes are matched to the rules text."""
    return " ".join(text.split())


def quote_stands(quote: str, text: str) -> bool:
    """Whether ``quote`` stands verbatim (up to whitespace) in ``text``."""
    return normalize(quote) in normalize(text)
