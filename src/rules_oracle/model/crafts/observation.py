"""What a viewer of a crafts game may see: the public view and each player's view.

Hidden under the rules (``000_61bdf1ce14b8d876.txt``): the cards in a hand (every player
sees only how many a rival holds), a step's choices in the play phase ("все игроки
одновременно выбирают": whether a seat laid a card face down or stopped, and which card,
until all reveal at once; the hand sizes are those before the step), and the deck
("Тщательно перемешайте колоду": only its size is seen). Everything else lies open: score markers,
resource boards and coins, the bank, the market ("в открытую"), the cards applied on the
tables ("лицом вверх"), revealed cards and the discard pile.

Card kinds 0-15 and resources 0-8 are the indices of ``docs/games/crafts.md``; per-card and
per-resource fields are count vectors in that order, per-player fields tuples by seat.
"""

from typing import Literal

import attrs

from rules_oracle.model.core.game import CHANCE, Viewer, viewer_seat
from rules_oracle.model.crafts.state import (
    TASK_MAGE,
    TASK_SCOUT,
    CraftsState,
    Stage,
)

StageName = Literal["deal", "first-player", "market", "commit", "resolve", "round-end", "over"]

#: the name a view gives each stage
STAGES: dict[Stage, StageName] = {
    Stage.DEAL: "deal", Stage.FIRST: "first-player", Stage.MARKET: "market",
    Stage.COMMIT: "commit", Stage.RESOLVE: "resolve", Stage.END: "round-end",
    Stage.OVER: "over",
}


@attrs.frozen(slots=True)
class MageDiscards:
    """A Mage tower was applied: ``player`` still discards ``left`` cards from his hand."""

    player: int
    left: int


@attrs.frozen(slots=True)
class ScoutingPick:
    """A Scouting was applied: a random card of ``target``'s hand goes to ``scout`` next."""

    scout: int
    target: int


@attrs.frozen(slots=True)
class PublicView:
    """What every player sees of a crafts game (hands and the deck as sizes only).

    ``stage``: deal (cards owed are drawn), first-player (round 1's first player is drawn),
    market, commit (players lay a card face down or stop), resolve (revealed cards resolve),
    round-end (discards and sales), over. ``to_act``: the player whose choice is pending, -1
    when the next step is a draw or another chance step, or the game is over.
    """

    players: int
    round: int
    stage: StageName
    first_player: int
    to_act: int
    #: score track positions (final scores once the game is over)
    scores: tuple[int, ...]
    #: the furthest track position each marker has reached
    furthest: tuple[int, ...]
    coins: tuple[int, ...]
    #: per player, the pebbles on the resource board (9 counts)
    boards: tuple[tuple[int, ...], ...]
    #: pebbles left in the bank
    bank: int
    deck_size: int
    #: the discard pile (16 counts)
    discard: tuple[int, ...]
    #: the open market (16 counts)
    market: tuple[int, ...]
    #: cards in each hand; during a commit step a card laid face down still counts (the
    #: step's choices are unseen until the reveal)
    hand_sizes: tuple[int, ...]
    #: cards each player still has to draw (a deal, a redraw, a Mage tower)
    cards_to_draw: tuple[int, ...]
    #: per player, the cards applied this round (16 counts)
    tables: tuple[tuple[int, ...], ...]
    #: per player, the revealed card still to resolve (kind 0-15), -1 when none
    revealed: tuple[int, ...]
    #: market: passed; play: stopped for the round (a stop of the commit step under way is
    #: seen once every seat has chosen); round end: done (none before the market)
    passed: tuple[bool, ...]
    #: market exchanges made this round (a redraw counts as one)
    exchanges: tuple[int, ...]
    #: cards revealed and declined this round
    declined: tuple[int, ...]
    #: an effect waiting: a Mage's discards or a Scouting's random pick; None when none
    pending: MageDiscards | ScoutingPick | None


@attrs.frozen(slots=True)
class PlayerView:
    """What player ``viewer`` sees: the public view plus his own hand and his choice of the
    commit step under way (the card laid face down, or his stop)."""

    viewer: int
    public: PublicView
    #: the viewer's hand (16 counts)
    hand: tuple[int, ...]
    #: the card the viewer laid face down (kind 0-15), -1 when none
    face_down_card: int
    #: whether the viewer stopped in the commit step under way (his stop is not yet public)
    stopped: bool


OBSERVATION_TYPES: tuple[type, ...] = (PublicView, PlayerView)


def _pending(s: CraftsState) -> MageDiscards | ScoutingPick | None:
    if s.task == TASK_MAGE:
        return MageDiscards(s.task_player, s.task_count)
    if s.task == TASK_SCOUT:
        return ScoutingPick(s.task_count, s.task_player)
    return None


def _to_act(s: CraftsState) -> int:
    from rules_oracle.model.crafts.game import GAME

    who = GAME.actor(s)
    return who if who >= 0 else CHANCE


def public_view(s: CraftsState) -> PublicView:
    """The public view of ``s``."""
    hidden = s.phase == Stage.COMMIT
    n = s.config.players
    # crafts/commit-seen: the step's choices (a card laid, a stop) are unseen until the
    # reveal, so a hand counts its face-down card and a stop of this step is not shown
    laid = tuple(int(hidden and c >= 0) for c in s.committed)
    # before the market the round's passes, exchanges and declines are still to come
    fresh = s.phase in (Stage.DEAL, Stage.FIRST)
    return PublicView(
        players=s.config.players, round=s.round, stage=STAGES[s.phase], first_player=s.first,
        to_act=_to_act(s), scores=s.scores, furthest=s.best, coins=s.coins, boards=s.boards,
        bank=s.bank, deck_size=sum(s.deck), discard=s.discard, market=s.market,
        hand_sizes=tuple(sum(h) + x for h, x in zip(s.hands, laid, strict=True)),
        cards_to_draw=s.owed, tables=s.table,
        revealed=tuple(-1 if hidden else c for c in s.committed),
        passed=(False,) * n if fresh else tuple(
            p and not s.stopped >> i & 1 for i, p in enumerate(s.passed)),
        exchanges=(0,) * n if fresh else s.exchanges,
        declined=(0,) * n if fresh else s.declined, pending=_pending(s),
    )


def observe(s: CraftsState, viewer: Viewer) -> PublicView | PlayerView:
    """What ``viewer`` (``"public"`` or a seat) sees of ``s``."""
    seat = viewer_seat(viewer, s.config.players)
    public = public_view(s)
    if seat < 0:
        return public
    face_down = s.committed[seat] if s.phase == Stage.COMMIT else -1
    return PlayerView(viewer=seat, public=public, hand=s.hands[seat], face_down_card=face_down,
                      stopped=bool(s.stopped >> seat & 1))
