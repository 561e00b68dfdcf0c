"""3. Розыгрыш карт (playing cards): steps of face-down commits, the reveal's order of
resolution, declining, the table and the points of an applied building."""

from rules_oracle.model.crafts import data as D
from rules_oracle.model.crafts import rules as RB
from rules_oracle.model.crafts.actions import (
    Action,
    Apply,
    Commit,
    Knight,
    Rebuild,
    Scout,
    Steal,
    Stop,
)
from rules_oracle.model.crafts.ops import (
    CARD_RANGE,
    COMMIT,
    DECLINE,
    NK,
    ORDERS,
    PLAIN,
    STOP,
    WITHDRAW,
    Params,
    bump,
    evolve,
    gain_resource,
    put,
)
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import CraftsState

IS_BUILDING = D.IS_BUILDING
VP = D.VP

#: the card kind each other effect action applies
_OWN_CARD = {Knight: D.CASTLE, Scout: D.SCOUTING, Rebuild: D.RECONSTRUCTION, Steal: D.THEFT}


# -- steps: commit ------------------------------------------------------------------------
def open_play(s: CraftsState, n: int) -> CraftsState:
    """The play phase starts: nobody has stopped, committed or declined yet."""
    return evolve(s, passed=(False,) * n, committed=(-1,) * n, declined=(0,) * n)


def next_to_commit(s: CraftsState, n: int) -> int:
    """The player who still has to choose this step, whose turn it is then (-1: none):
    each player still in the round with a card in hand (RB.PLAY_STEPS), clockwise from the
    first."""
    return _next_to_commit(ORDERS[n][s.first], s.passed, s.committed, s.hands)


def _next_to_commit(order: tuple[int, ...], passed: tuple[bool, ...],
                    committed: tuple[int, ...], hands: tuple[tuple[int, ...], ...]) -> int:
    for i in order:
        if not passed[i] and committed[i] < 0 and any(hands[i]):
            return i
    return -1


def commit_rule(s: CraftsState, i: int, k: int) -> str | None:
    """Why player ``i`` may not lay hand card ``k`` face down, or ``None``
    (RB.PLAY_COMMIT)."""
    return None if 0 <= k < NK and s.hands[i][k] else RB.PLAY_COMMIT


def stop_rule(p: Params) -> str | None:
    """Why a player may not stop instead of laying a card, or ``None`` (RB.PLAY_MAY_STOP;
    under ``commit_stop=withdraw`` he stops only by taking his revealed card back)."""
    return RB.PLAY_MAY_STOP if p.stop_withdraw else None


def legal_commits(state: CraftsState, p: Params, i: int) -> list[Action]:
    out: list[Action] = [COMMIT[k] for k in CARD_RANGE if commit_rule(state, i, k) is None]
    if stop_rule(p) is None:
        out.append(STOP)
    return out


def commit(s: CraftsState, p: Params, i: int, a: Action) -> CraftsState:
    """Player ``i`` lays a card face down or stops for the round."""
    t = type(a)
    if t is Commit:
        assert isinstance(a, Commit)
        k = a.card
        rule = commit_rule(s, i, k)
        if rule is not None:
            raise RULES.illegal(rule, f"no card {k} in hand")
        hands = put(s.hands, i, bump(s.hands[i], k, -1))
        committed = put(s.committed, i, k)
        # the next player to choose takes the turn in the same new state (as ``settle``
        # would give it)
        j = _next_to_commit(ORDERS[p.players][s.first], s.passed, committed, hands)
        return evolve(s, hands=hands, committed=committed, turn=s.turn if j < 0 else j)
    if t is Stop:
        rule = stop_rule(p)
        if rule is not None:
            raise RULES.illegal(rule, "under commit_stop=withdraw a player stops only by"
                                " taking his revealed card back")
        passed = put(s.passed, i, True)
        j = _next_to_commit(ORDERS[p.players][s.first], passed, s.committed, s.hands)
        return evolve(s, passed=passed, stopped=s.stopped | 1 << i,
                      turn=s.turn if j < 0 else j)
    raise RULES.illegal(RB.PLAY_COMMIT, f"commit a card face down or stop, not {a!r}")


def played_on(s: CraftsState) -> bool:
    """Whether the step revealed a card; without one the play phase ends (RB.PLAY_END)."""
    return any(c >= 0 for c in s.committed)


# -- the reveal: who resolves, applying or declining ----------------------------------------
def resolver(s: CraftsState) -> int:
    """The player whose revealed card resolves next: action cards first
    (RB.PLAY_ACTIONS_FIRST), then buildings, each clockwise from the first player
    (RB.PLAY_CLOCKWISE); -1 when none is left."""
    committed = s.committed
    order = ORDERS[len(committed)][s.first]
    for i in order:
        c = committed[i]
        if c >= 0 and not IS_BUILDING[c]:
            return i
    for i in order:
        if committed[i] >= 0:
            return i
    return -1


def own_card_rule(c: int, a: Action) -> str | None:
    """Why ``a`` does not apply the resolving player's own revealed card ``c``
    (RB.PLAY_OWN_CARD), or ``None``."""
    t = type(a)
    if t is Apply:
        return None if c in PLAIN else RB.PLAY_OWN_CARD
    want = _OWN_CARD.get(t)
    return None if want == c else RB.PLAY_OWN_CARD


def declines(effects: list[Action]) -> list[Action]:
    """A revealed card not applied (for want of its cost or target, or by choice) is
    declined (RB.PLAY_CANNOT_APPLY): discarded, or taken back to stop for the round."""
    effects.append(DECLINE)
    effects.append(WITHDRAW)
    return effects


def decline(s: CraftsState, i: int, c: int) -> CraftsState:
    """The revealed card goes to the discard and the player plays on
    (RB.PLAY_DECLINE_DISCARD), without its points (RB.PLAY_DECLINED_NO_VP)."""
    return evolve(s, discard=bump(s.discard, c, 1), committed=put(s.committed, i, -1),
                  declined=bump(s.declined, i, 1))


def withdraw(s: CraftsState, i: int, c: int) -> CraftsState:
    """The revealed card goes back to hand and the player stops for the round
    (RB.PLAY_WITHDRAW), without its points (RB.PLAY_DECLINED_NO_VP)."""
    return evolve(s, hands=put(s.hands, i, bump(s.hands[i], c, 1)),
                  committed=put(s.committed, i, -1), declined=bump(s.declined, i, 1),
                  passed=put(s.passed, i, True))


def forward(s: CraftsState, i: int, vp: int, p: Params) -> CraftsState:
    """Player ``i``'s marker moves ``vp`` spaces on (RB.PLAY_VP), collecting every resource
    space it passes or stops on (RB.PLAY_TRACK_RESOURCE; under ``track_repeat=once`` only
    spaces past its furthest)."""
    old = s.scores[i]
    new = old + vp
    best = s.best[i]
    s = evolve(s, scores=put(s.scores, i, new),
               best=put(s.best, i, new) if new > best else s.best)
    low = max(old, best) if p.track_once else old
    sp = p.spacing
    k = low // sp + 1
    while k * sp <= new:
        s = gain_resource(s, i, D.TRACK_CYCLE[(k - 1) % len(D.TRACK_CYCLE)], 1, p)
        k += 1
    return s


def place(s: CraftsState, p: Params, i: int, c: int) -> CraftsState:
    """The applied card stays on the table (RB.PLAY_TABLE); a building scores its points."""
    s = evolve(s, table=put(s.table, i, bump(s.table[i], c, 1)),
               committed=put(s.committed, i, -1))
    return forward(s, i, VP[c], p) if VP[c] else s
