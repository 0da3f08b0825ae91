"""A complete arena client: it calls every bet and throws its tens and picture cards.

Run a server (badeucey serve), then: python arena_client.py [URL]
"""

import json
import sys

from websockets.sync.client import connect

URL = "ws://127.0.0.1:8000/api/play?game=badugi&opponent=drawing&hands=100&seed=1"


def decide(view, legal):
    if view["phase"] == "draw":
        return " ".join(["sd", *(card for card in view["cards"].split() if card[0] in "TJQK")])
    return "cc"


with connect(sys.argv[1] if len(sys.argv) > 1 else URL) as server:
    for text in server:
        message = json.loads(text)
        if message["type"] == "act":
            action = decide(message["view"], message["legal"])
            server.send(json.dumps({"action": action, "decision": message["decision"]}))
        elif message["type"] == "error":
            print("error:", message["message"], file=sys.stderr)
        elif message["type"] == "result":
            print(f"{message['hands']} hands: {message['mbb_per_hand']:+.1f} mbb/hand, 95% CI {message['ci95']}")
