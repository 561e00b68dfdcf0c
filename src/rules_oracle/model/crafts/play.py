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
    W,
    bump,
    put,
)
from rules_oracle.model.crafts.rules import RULES
from rules_oracle.model.crafts.state import CraftsState

IS_BUILDING = D.IS_BUILDING
VP = D.VP

#: the card kind each other effect action applies
_OWN_CARD = {Knight: D.CASTLE, Scout: D.SCOUTING, Rebuild: D.RECONSTRUCTION, Steal: D.THEFT}


# -- steps: commit ------------------------------------------------------------------------
def open_play(w: W, n: int) -> None:
    """The play phase starts: nobody has stopped, committed or declined yet."""
    w.passed = (False,) * n
    w.committed = (-1,) * n
    w.declined = (0,) * n


def next_to_commit(w: W, n: int) -> bool:
    """Whether a player still has to choose this step (then it is his turn): each player
    still in the round with a card in hand (RB.PLAY_STEPS), clockwise from the first."""
    for i in ORDERS[n][w.first]:
        if not w.passed[i] and w.committed[i] < 0 and any(w.hands[i]):
            w.turn = i
            return True
    return False


def commit_rule(s: CraftsState | W, i: int, k: int) -> str | None:
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


def commit(w: W, p: Params, i: int, a: Action) -> None:
    """Player ``i`` lays a card face down or stops for the round."""
    t = type(a)
    if t is Commit:
        assert isinstance(a, Commit)
        k = a.card
        rule = commit_rule(w, i, k)
        if rule is not None:
            raise RULES.illegal(rule, f"no card {k} in hand")
        w.hands = put(w.hands, i, bump(w.hands[i], k, -1))
        w.committed = put(w.committed, i, k)
    elif t is Stop:
        rule = stop_rule(p)
        if rule is not None:
            raise RULES.illegal(rule, "under commit_stop=withdraw a player stops only by"
                                " taking his revealed card back")
        w.passed = put(w.passed, i, True)
        w.stopped |= 1 << i
    else:
        raise RULES.illegal(RB.PLAY_COMMIT, f"commit a card face down or stop, not {a!r}")


def played_on(w: W) -> bool:
    """Whether the step revealed a card; without one the play phase ends (RB.PLAY_END)."""
    return any(c >= 0 for c in w.committed)


# -- the reveal: who resolves, applying or declining ----------------------------------------
def resolver(s: CraftsState | W) -> int:
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


def decline(w: W, i: int, c: int) -> None:
    """The revealed card goes to the discard and the player plays on
    (RB.PLAY_DECLINE_DISCARD), without its points (RB.PLAY_DECLINED_NO_VP)."""
    w.discard = bump(w.discard, c, 1)
    w.committed = put(w.committed, i, -1)
    w.declined = bump(w.declined, i, 1)


def withdraw(w: W, i: int, c: int) -> None:
    """The revealed card goes back to hand and the player stops for the round
    (RB.PLAY_WITHDRAW), without its points (RB.PLAY_DECLINED_NO_VP)."""
    w.hands = put(w.hands, i, bump(w.hands[i], c, 1))
    w.committed = put(w.committed, i, -1)
    w.declined = bump(w.declined, i, 1)
    w.passed = put(w.passed, i, True)


def forward(w: W, i: int, vp: int, p: Params) -> None:
    """Player ``i``'s marker moves ``vp`` spaces on (RB.PLAY_VP), collecting every resource
    space it passes or stops on (RB.PLAY_TRACK_RESOURCE; under ``track_repeat=once`` only
    spaces past its furthest)."""
    old = w.scores[i]
    new = old + vp
    w.scores = put(w.scores, i, new)
    best = w.best[i]
    low = max(old, best) if p.track_once else old
    sp = p.spacing
    k = low // sp + 1
    while k * sp <= new:
        w.gain_resource(i, D.TRACK_CYCLE[(k - 1) % len(D.TRACK_CYCLE)], 1, p)
        k += 1
    if new > best:
        w.best = put(w.best, i, new)


def place(w: W, p: Params, i: int, c: int) -> None:
    """The applied card stays on the table (RB.PLAY_TABLE); a building scores its points."""
    w.table = put(w.table, i, bump(w.table[i], c, 1))
    w.committed = put(w.committed, i, -1)
    if VP[c]:
        forward(w, i, VP[c], p)
