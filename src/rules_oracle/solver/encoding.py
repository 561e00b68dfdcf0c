"""The interface of a game's Z3 encoding.

An encoding is a *numeric projection* of the game's state (named integer
variables: resources, pools, scores, counters, phase numbers) together with
one :class:`ActionKind` per action type: a guard over the pre-state and the
action's integer parameters, and an update giving post-state values (any
variable the update leaves out is unchanged).

``project`` maps a model state to the projection and ``classify`` maps a
model action to its kind and parameters; the faithfulness check uses both to
compare the encoding with the Python model on sampled transitions, so the
proofs speak of the real rules.
"""

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import attrs
import z3

from rules_oracle.model.core import Config

S = TypeVar("S")
A = TypeVar("A")

#: variable name -> Z3 integer term (pre-state or post-state)
Vars = Mapping[str, Any]
#: parameter name -> Z3 integer term
Params = Mapping[str, Any]

#: every process-wide memo of an encoding's terms (:func:`term_memo`)
_MEMOS: list[dict[Any, Any]] = []


def term_memo() -> dict[Any, Any]:
    """A new process-wide memo for an encoding module's terms (terms asked for again with
    equal arguments), registered so that :func:`forget_term_memos` empties it."""
    memo: dict[Any, Any] = {}
    _MEMOS.append(memo)
    return memo


def forget_term_memos() -> None:
    """Empty every memo :func:`term_memo` made: for a caller that changes what an encoding
    builds (a module constant it reads), or that must see the terms built again."""
    for memo in _MEMOS:
        memo.clear()


@attrs.frozen
class BoundCase:
    """A case of a gain bound's split (:meth:`Encoding.bound_cases`): a described z3 Bool
    over the pre-state and, optionally, narrower cases that cover it. The prover asks a
    case whole when it only needs to know that no gain in it passes the best found so
    far, and goes to the narrower cases where a query over the whole case would not
    settle (finding a case's largest gain) or does not (a gain above the best)."""

    label: str
    case: Any
    within: tuple["BoundCase", ...] = ()


@attrs.frozen
class ActionKind:
    """One action type: its parameters, guard and update."""

    name: str
    #: integer parameter names
    params: tuple[str, ...]
    #: constraint on parameters alone (their domain)
    domain: Callable[[Params], Any]
    #: guard(pre, params) -> z3 Bool: the numeric part of the action's preconditions
    guard: Callable[[Vars, Params], Any]
    #: update(pre, params) -> {var: new term}; unlisted variables keep their value
    update: Callable[[Vars, Params], Mapping[str, Any]]
    #: the rule ids whose rejections the guard encodes: when the model rejects
    #: an action of this kind naming one of these rules, the guard must be false
    rules: tuple[str, ...] = ()


@attrs.frozen
class Opening:
    """The first ``steps`` steps of one seeded game the faithfulness check samples."""

    #: variant options of its configuration (the others at their defaults)
    options: tuple[tuple[str, str], ...] = ()
    steps: int = 100
    #: its player count (None: the game's smallest)
    players: int | None = None
    #: a play policy of ``model.core.play.POLICIES``
    policy: str = "uniform"
    seed: int = 1


class Encoding(ABC, Generic[S, A]):
    """A game's numeric projection, its action kinds, and its invariant I."""

    game: str
    #: every variable of the projection, in a fixed order
    variables: tuple[str, ...]

    @abstractmethod
    def kinds(self, players: int) -> tuple[ActionKind, ...]: ...

    @abstractmethod
    def invariant(self, v: Vars, players: int) -> Any:
        """I(s): a z3 Bool that every reachable state's projection satisfies."""

    @abstractmethod
    def terminal(self, v: Vars, players: int) -> Any:
        """A z3 Bool true exactly on projections of terminal states."""

    @abstractmethod
    def project(self, state: S) -> dict[str, int]:
        """The numeric projection of a model state (keys = ``variables``)."""

    @abstractmethod
    def classify(self, state: S, action: A) -> tuple[str, dict[str, int]]:
        """The kind name and integer parameters of a model action in a state."""

    def classify_step(self, state: S, action: A, after: S | None, pre: Mapping[str, int],
                      post: Mapping[str, int]) -> tuple[str, dict[str, int]]:
        """``classify(state, action)``, for a caller that holds the step already: the
        model's next state ``after`` (None where the model rejects the action), and the
        projections ``pre`` of ``state`` and ``post`` of ``after`` (``pre`` again where
        rejected). An encoding whose ``classify`` applies the action or projects the
        states itself takes them from here; the result is the same. Default:
        ``classify``."""
        return self.classify(state, action)

    def variables_for(self, players: int) -> tuple[str, ...]:
        """The variables used with this player count (default: all)."""
        return self.variables

    def covers(self, config: Config) -> bool:
        """Whether the encoding models games of ``config`` (default: every configuration).
        Faithfulness samples only the configurations an encoding covers."""
        return True

    def fresh(self, prefix: str, players: int) -> dict[str, Any]:
        """Fresh Z3 integer constants for every variable."""
        return {name: z3.Int(f"{prefix}.{name}") for name in self.variables_for(players)}

    def completeness_witnesses(self, v: Vars, players: int) -> Sequence[tuple[str, Params]]:
        """Candidate actions (kind name, parameter terms over the state ``v``).

        When one of them is enabled in every non-terminal state satisfying I,
        legal-action completeness is proved by a quantifier-free query, which
        Z3 settles where the general one (no kind enabled for any parameters)
        is too hard. Default: none, and the general query is used.
        """
        return ()

    def cases(self, v: Vars, players: int) -> Sequence[Any]:
        """A case split of the states satisfying I (z3 Bools whose disjunction I implies).

        A query that does not settle as a whole within a short time is asked
        once per case, each a smaller query Z3 settles faster (typically one
        case per acting player, where the guards and updates dispatch on the
        actor). ``cases-cover/pN`` proves that I implies their disjunction.
        Default: none, every query asked whole.
        """
        return ()

    def bound_cases(self, v: Vars, players: int, kind: str
                    ) -> Sequence[tuple[str, Any] | BoundCase]:
        """A cover of the states satisfying I (described z3 Bools, or :class:`BoundCase`
        with narrower cases of their own) under which the gain bound of action kind
        ``kind`` is found case by case: the bound is the largest case's, each found by its
        own smaller queries, where the bound over every state at once does not settle
        within the query time (a gain that depends on which board the actor plays, say).
        The bound's proof checks that the cases cover every enabled state, and that a
        case's narrower cases cover it where they are used. Default: none, the bound
        searched over every state at once.
        """
        return ()

    def bound_guess(self, kind: str, players: int) -> int | None:
        """Where the search for the gain bound of action kind ``kind``, found by its
        :meth:`bound_cases`, starts at ``players``, when no sibling kind's bound
        (:attr:`bound_siblings`) is found yet: the cases are asked for a gain of at least
        it until one reaches it. A hint only, which the bound's queries prove or correct:
        the bound, and the case that gives it, are the same with any guess or none; a guess
        at the bound saves the search up to it from the first gain found (Burgundy's final
        scoring: two queries per edition where the search asks a dozen). Default: none."""
        return None

    def bound_scope(self, v: Vars, players: int) -> tuple[str, Any] | None:
        """A restriction (its description, a z3 Bool) under which a gain bound that the
        invariant leaves open is proved instead, typically the default readings where
        another reading lifts a limit the game has (an unlimited bank), or a set-up whose
        bound settles where the bound over every state does not within the query time. It
        is used only when the bound over every state is unbounded or does not settle; the
        bound's row then says so. Default: none.
        """
        return None

    #: games whose opening steps the faithfulness check samples before seeded play, for
    #: kinds that play over one option at a time never reaches (a combination of options,
    #: a board laid only under a variant, a step only deep eager play reaches) within the
    #: sample
    openings: tuple[Opening, ...] = ()

    def probes(self) -> tuple[tuple[S, A], ...]:
        """Hand-built steps at a limit seeded play does not reach (a fourth city wall):
        (state, action) pairs, each state consistent with the rules (the faithfulness
        check asks I of it). The faithfulness check applies each action to the model
        first: accepted, the kind's guard must hold and its update agree; rejected with a
        rule the kind lists, the guard must be false. Default: none."""
        return ()

    #: score variables per player, used by the bound provers
    def score_vars(self, players: int) -> tuple[str, ...]:
        return ()

    def invariant_parts(self, v: Vars, players: int) -> dict[str, Any]:
        """I(s) split into named conjuncts (conservation, non-negativity, ...).

        Each part is a proof obligation of its own, reported by name; their
        conjunction must be I. The default is one part holding all of I.
        """
        return {"invariant": self.invariant(v, players)}

    #: groups of action kinds that score through the same terms (Burgundy's tile placed by
    #: a die or the castle, and by the city hall), so that their gain bounds are likely
    #: equal: a kind whose bound is found by cases (:meth:`bound_cases`) starts from the
    #: largest bound of its group found already in the process, which its own queries
    #: confirm or correct (a hint for the search; the bound is the same without it)
    bound_siblings: tuple[tuple[str, ...], ...] = ()
    #: action kinds whose bound cases (:meth:`bound_cases`) are asked under all of I alone,
    #: not first under the conjuncts of I around the case (:meth:`~.provers.frames.Frame.around`):
    #: a kind whose update reads every player's variables (a final scoring), around whose
    #: cases lies most of I, and whose state found there seldom satisfies the rest, so that
    #: the attempt before each query is spent for nothing; the same bound either way
    bound_whole: frozenset[str] = frozenset()
    #: action kinds whose gain bound is found by search alone, without ``z3.Optimize``
    #: first: kinds over which Optimize spends its budget in vain or settles slower than
    #: the search (crafts' end of a round at 4-6 players); the same bound either way
    bound_by_search: frozenset[str] = frozenset()
    #: action kinds whose queries from part of I (the inductive parts' and the scores' that
    #: never fall, :meth:`~.provers.frames.Frame.keeps`) are asked by :meth:`cases` at once,
    #: not whole first: a kind whose update dispatches on a case (the acting player), whose
    #: whole query seldom settles within the short probe (``LIMITS.probe``), which is then
    #: spent for nothing; the verdicts are the cases', as after a probe that does not settle
    split_kinds: tuple[str, ...] = ()
    #: per invariant part (:meth:`invariant_parts`), the action kinds asked as
    #: :attr:`split_kinds`' are in that part's queries alone: a kind whose whole query
    #: seldom settles within the probe from one part and mostly does from the others
    #: (crafts' ``cards-conserved``), where asking it by cases at once everywhere would
    #: cost more than the probes it saves
    split_kinds_in: Mapping[str, frozenset[str]] = MappingProxyType({})
    #: per invariant part, the action kinds whose groups in that part are asked under all
    #: of I at once, never first from the part and a few of I's conjuncts alone
    #: (:func:`~.provers.queries.lazily`): a kind that never keeps the part that way, whose
    #: rounds are spent for nothing before the query under I. A kind listed that would have
    #: kept it alone costs its query under I and is no longer counted among those that
    #: keep it alone; the verdict is the same
    whole_kinds_in: Mapping[str, frozenset[str]] = MappingProxyType({})
    #: k for the bounded-unrolling gain bound: the most points k consecutive steps give
    bound_steps: int = 2
    #: whether every action leaves every score variable at least where it was
    monotone_scores: bool = False
