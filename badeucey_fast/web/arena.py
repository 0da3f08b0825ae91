"""The arena: a bot anywhere plays the built-in bots over a WebSocket,
``/api/play?game=G&opponent=BOT&hands=N&seed=S``, JSON messages both ways
(docs/arena.rst describes the protocol, with a complete client).

The server sends ``{"type": "act", ...}`` for each of the client's decisions, and
the client answers ``{"action": "cc"}``; a malformed or illegal answer gets
``{"type": "error", ...}`` and the same decision again; a client silent past
:attr:`Limits.decision_timeout <badeucey_fast.web.limits.Limits.decision_timeout>`
forfeits the hand; each finished hand is told in ``{"type": "over", ...}``, and
the match's result in ``{"type": "result", ...}``, which the leaderboard keeps.
The game itself is :class:`~badeucey_fast.web.match.ArenaMatch`: this module only
turns messages into its calls and back, and keeps the bounds.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from badeucey_fast._checks import check_count, check_seed
from badeucey_fast.games import GAMES
from badeucey_fast.play.bots import BOTS, Bot
from badeucey_fast.play.hand import STRUCTURES
from badeucey_fast.play.rules import TableRules
from badeucey_fast.web.access import SEAT, SEAT_NAME, client_of
from badeucey_fast.web.limits import Limits
from badeucey_fast.web.match import ArenaMatch, Decision, HandOver

__all__ = ["PARAMETERS", "ArenaSeats", "MatchSettings", "routes"]

PARAMETERS = ("game", "opponent", "hands", "seed", "structure", "name", "token")
"""The query parameters of ``/api/play``."""
DEFAULT_HANDS = 100
"""Hands a match plays when ``hands`` is left out."""
CLOSE_NORMAL, CLOSE_POLICY, CLOSE_ERROR, CLOSE_TRY_LATER = 1000, 1008, 1011, 1013
"""WebSocket close codes (RFC 6455 and the IANA registry): done, refused, server error, full."""


@dataclass(frozen=True)
class MatchSettings:
    """A match as ``/api/play``'s query asks for it, checked against the limits."""

    game: str
    opponent: str
    hands: int
    seed: int | None
    structure: str
    player: str

    @classmethod
    def from_query(cls, query: Mapping[str, str], limits: Limits, *, seat: str | None = None) -> MatchSettings:
        """The settings of a query (``seat``: the player's name a token gave, which
        ``name`` may not change).

        :raises ValueError: naming the parameter that is wrong.
        """
        unknown = sorted(set(query) - set(PARAMETERS))
        if unknown:
            raise ValueError(f"unknown parameter {unknown[0]!r} (parameters: {', '.join(PARAMETERS[:-1])})")
        game = query.get("game", "badeucey")
        if game not in GAMES:
            raise ValueError(f"unknown game {game[:40]!r} (games: {', '.join(GAMES)})")
        opponent = query.get("opponent", "drawing").strip().lower()
        if opponent not in BOTS:
            raise ValueError(f"unknown opponent {opponent[:40]!r} (bots: {', '.join(BOTS)})")
        hands = check_count(_integer(query.get("hands", str(DEFAULT_HANDS)), "hands"), "hands", high=limits.max_hands)
        seed = check_seed(None if "seed" not in query else _integer(query["seed"], "seed"))
        structure = query.get("structure", "fixed")
        if structure not in STRUCTURES:
            raise ValueError(f"unknown structure {structure[:40]!r} (structures: {', '.join(STRUCTURES)})")
        player = seat if seat is not None else query.get("name", "anonymous")
        if not SEAT_NAME.fullmatch(player):
            raise ValueError(f"name: 1..40 letters, digits, '_', '.' or '-', got {player[:40]!r}")
        return cls(game, opponent, hands, seed, structure, player)

    def match(self) -> ArenaMatch:
        """The match these settings ask for (the cfr opponent: under the rules
        its strategy was trained for, which ``structure`` must agree with).

        :raises ValueError: for a structure the cfr opponent does not play.
        """
        from badeucey_fast.play.bots import make_bot

        if self.opponent == "cfr":
            from badeucey_fast.solve import default_strategy

            rules = default_strategy(self.game).rules
            if self.structure != rules.structure:
                raise ValueError(f"structure {self.structure}: the cfr bot plays {rules.structure} limit")
        else:
            rules = TableRules(self.game, structure=self.structure)

        def opponent() -> Bot:
            return make_bot(self.opponent, game=self.game)

        return ArenaMatch(opponent, rules, hands=self.hands, seed=self.seed)


def _integer(text: str, name: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 20:
        raise ValueError(f"{name} must be a whole number, got {text[:40]!r}")
    return int(text)


class ArenaFull(Exception):
    """No seat for one more match: the message says which bound."""


class ArenaSeats:
    """The matches open now, all together and per client, within the limits."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open = 0
        self.per_client: Counter[str] = Counter()

    def take(self, client: str) -> None:
        """Count one more match of ``client``.

        :raises ArenaFull: past :attr:`~Limits.max_connections` or :attr:`~Limits.max_matches_per_client`.
        """
        if self.open >= self.limits.max_connections:
            raise ArenaFull(f"the server is full ({self.limits.max_connections} matches at once): try again later")
        if self.per_client[client] >= self.limits.max_matches_per_client:
            raise ArenaFull(f"you have {self.limits.max_matches_per_client} matches open, as many as a client may: "
                            "finish one first")
        self.open += 1
        self.per_client[client] += 1

    def give_back(self, client: str) -> None:
        """The match of ``client`` is over."""
        self.open -= 1
        self.per_client[client] -= 1
        if not self.per_client[client]:
            del self.per_client[client]


def act_message(decision: Decision, hands: int) -> dict[str, Any]:
    """The ``act`` message of a decision."""
    return {"type": "act", "decision": decision.number, "hand": decision.hand, "hands": hands,
            "view": decision.view.to_dict(), "legal": list(decision.legal)}


def over_message(over: HandOver) -> dict[str, Any]:
    """The ``over`` message of a finished hand."""
    return {"type": "over", "hand": over.hand, "payoff": over.payoff, "forfeited": over.forfeited,
            "view": over.view.to_dict()}


def read_answer(text: str, decision: Decision) -> str | None:
    """The action of an answer to ``decision``; None for an answer to an
    earlier decision (its ``decision`` number is not this one's).

    :raises ValueError: for an answer that is not ``{"action": "..."}``.
    """
    try:
        answer = json.loads(text)
    except ValueError:
        raise ValueError('not JSON: answer {"action": "cc"} and the like') from None
    if not isinstance(answer, dict) or not isinstance(answer.get("action"), str):
        raise ValueError('answer an object with an "action" of text, e.g. {"action": "cc"}')
    number = answer.get("decision", decision.number)
    if number != decision.number:
        if isinstance(number, int) and not isinstance(number, bool) and number < decision.number:
            return None
        raise ValueError(f"decision {str(number)[:20]} is not the one pending ({decision.number})")
    action: str = answer["action"]
    return action


_CLOSED = object()
"""The reader's mark: the client has gone."""


async def _reader(websocket: WebSocket, inbox: asyncio.Queue[object], limit: int) -> None:
    """Put each message of the client into ``inbox`` (text, or a ValueError
    saying what is wrong with it), then :data:`_CLOSED` when it goes.  The inbox
    is small: a client that sends faster than it is read waits."""
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                await inbox.put(ValueError("send text messages (JSON), not binary ones"))
            elif len(text) > limit or len(text.encode("utf-8")) > limit:
                await inbox.put(ValueError(f"a message is at most {limit:,} bytes, got {len(text.encode()):,}"))
            else:
                await inbox.put(text)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass
    await inbox.put(_CLOSED)


class _Gone(Exception):
    """The client closed the connection, or has been silent too long."""


async def play(websocket: WebSocket) -> None:
    """``/api/play``: one match, from the query to the result."""
    state = websocket.app.state
    limits: Limits = state.limits
    seats: ArenaSeats = state.arena_seats
    await websocket.accept()
    client = client_of(websocket.scope)
    try:
        seats.take(client)
    except ArenaFull as exc:
        await _refuse(websocket, str(exc), CLOSE_TRY_LATER)
        return
    inbox: asyncio.Queue[object] = asyncio.Queue(maxsize=4)
    reader = asyncio.create_task(_reader(websocket, inbox, limits.max_message_bytes))
    try:
        try:
            settings = MatchSettings.from_query(websocket.query_params, limits, seat=websocket.scope.get(SEAT))
            match = await run_in_threadpool(settings.match)
        except (ValueError, TypeError) as exc:
            await _refuse(websocket, str(exc), CLOSE_POLICY)
            return
        try:
            await _play_match(websocket, match, inbox, limits)
        except _Gone as exc:
            if str(exc):
                await _refuse(websocket, str(exc), CLOSE_POLICY)
            return
        result = match.result()
        try:
            state.leaderboard.record(settings.player, result)
        except sqlite3.Error as exc:  # a full disk, a file made read-only: the client still gets its result
            await _send(websocket, {"type": "error", "message": f"the leaderboard could not keep this match: {exc}"})
        await _send(websocket, {"type": "result", **result.to_dict()})
        await websocket.close(CLOSE_NORMAL)
    except (WebSocketDisconnect, OSError, RuntimeError):
        pass  # the client went (uvicorn: an OSError; Starlette: a send after the close): the match is not kept
    except Exception:  # a fault of the server (a bot that raised): the client is told, the server logs it
        await _refuse(websocket, "the server failed in this match (its log says why); it is not kept", CLOSE_ERROR)
        raise
    finally:
        reader.cancel()
        seats.give_back(client)


async def _play_match(websocket: WebSocket, match: ArenaMatch, inbox: asyncio.Queue[object], limits: Limits) -> None:
    """Every decision of the match sent and answered (or forfeited)."""
    loop = asyncio.get_running_loop()
    silent = 0
    # The first decision in a thread: it may fill the opponent's caches (tables read
    # once a process).  The bots then act in a millisecond or less, so the others
    # are made in the event loop, where a thread's hand-off would cost more.
    decision = await run_in_threadpool(match.pending)
    while decision is not None:
        for over in match.finished():
            await _send(websocket, over_message(over))
        act = act_message(decision, match.hands)
        await _send(websocket, act)
        deadline = loop.time() + limits.decision_timeout
        while True:
            try:
                message = await asyncio.wait_for(inbox.get(), max(0.0, deadline - loop.time()))
            except asyncio.TimeoutError:
                match.forfeit()
                silent += 1
                if silent >= limits.max_silent_hands:
                    raise _Gone(f"no answer in {silent} hands in a row: the match is closed unfinished") from None
                await _send(websocket, {"type": "error", "message": f"no answer within {limits.decision_timeout:g} s: "
                                        f"hand {decision.hand} forfeited", "decision": decision.number})
                break
            if message is _CLOSED:
                raise _Gone("")
            try:
                if isinstance(message, ValueError):
                    raise message
                assert isinstance(message, str)
                action = read_answer(message, decision)
                if action is None:
                    await _send(websocket, {"type": "error", "message": "an answer to an earlier decision: ignored",
                                            "decision": decision.number})
                    continue
                match.answer(action)
            except ValueError as exc:
                await _send(websocket, {"type": "error", "message": str(exc), "decision": decision.number})
                await _send(websocket, act)
                continue
            silent = 0
            break
        decision = match.pending()
    for over in match.finished():
        await _send(websocket, over_message(over))


async def _send(websocket: WebSocket, message: dict[str, Any]) -> None:
    await websocket.send_text(json.dumps(message, separators=(",", ":")))


async def _refuse(websocket: WebSocket, message: str, code: int) -> None:
    """Tell the client why, and close."""
    if websocket.application_state == WebSocketState.CONNECTED:
        try:
            await _send(websocket, {"type": "error", "message": message})
            await websocket.close(code)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass


def routes() -> list[WebSocketRoute]:
    """The arena's routes: ``/api/play``."""
    return [WebSocketRoute("/api/play", play)]

