"""The review as one self-contained HTML page (``badeucey review --html``):
inline CSS and SVG plots drawn here, no script, no external address.

>>> from badeucey_fast.review import Review
>>> from badeucey_fast._review_html import review_html
>>> page = review_html(Review("hero", (), ()))
>>> page.startswith("<!DOCTYPE html>"), "http" in page
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from badeucey_fast.cards import format_cards
from badeucey_fast.review import STREETS, Decision, Review

__all__ = ["review_html"]

_STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; } h3 { font-size: 1em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { padding: .2em .6em; border-bottom: 1px solid #ddd; text-align: left; white-space: nowrap; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.lost td { background: #fde8e8; }
.plots { display: flex; flex-wrap: wrap; gap: 2em; }
svg text { font: 11px system-ui, sans-serif; fill: #333; }
.note { color: #666; }
"""

_BAR = "#c0392b"
_LINE = "#2e6da4"


def _bars(title: str, rows: Sequence[tuple[str, float]], width: int = 420) -> str:
    """A horizontal bar chart of (label, value) rows, values in big blinds."""
    height = 24 + 22 * max(1, len(rows))
    top: float = max((v for _, v in rows), default=0.0) or 1.0
    left, right = 150, 60
    parts = [f'<svg width="{width}" height="{height}" role="img" '
             f'aria-label="{escape(title)}"><text x="0" y="14" font-weight="bold">{escape(title)}</text>']
    for i, (label, value) in enumerate(rows):
        y = 24 + 22 * i
        w = (width - left - right) * value / top
        parts.append(f'<text x="{left - 6}" y="{y + 14}" text-anchor="end">{escape(label)}</text>'
                     f'<rect x="{left}" y="{y + 3}" width="{w:.1f}" height="15" fill="{_BAR}"/>'
                     f'<text x="{left + w + 4:.1f}" y="{y + 14}">{value:.2f}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _equity_line(decisions: Sequence[Decision], width: int = 360, height: int = 120) -> str:
    """The hero's share of the pot against the range, decision by decision through one hand."""
    points = [(d.number, d.equity["share"]) for d in decisions if "share" in d.equity]
    left, bottom, top = 34, 20, 16
    inner_w, inner_h = width - left - 10, height - bottom - top
    last = max((n for n, _ in points), default=1)
    parts = [f'<svg width="{width}" height="{height}" role="img" '
             'aria-label="equity through the hand">']
    for share in (0.0, 0.5, 1.0):
        y = top + inner_h * (1 - share)
        parts.append(f'<line x1="{left}" x2="{left + inner_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>'
                     f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{100 * share:.0f}%</text>')

    def xy(n: int, share: float) -> str:
        x = left + (inner_w * (n - 1) / (last - 1) if last > 1 else inner_w / 2)
        return f"{x:.1f},{top + inner_h * (1 - share):.1f}"

    if points:
        parts.append(f'<polyline fill="none" stroke="{_LINE}" stroke-width="2" '
                     f'points="{" ".join(xy(n, s) for n, s in points)}"/>')
        for (n, s), d in zip(points, [d for d in decisions if "share" in d.equity]):
            colour = _BAR if d.ev_lost else _LINE
            cx, cy = xy(n, s).split(",")
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="3.5" fill="{colour}"><title>#{n} {escape(d.street)}: '
                         f'{escape(d.action)}, share {100 * s:.0f}%</title></circle>')
    parts.append(f'<text x="{left}" y="{height - 4}">decision 1</text>'
                 f'<text x="{left + inner_w}" y="{height - 4}" text-anchor="end">{last}</text></svg>')
    return "".join(parts)


def _row(d: Decision) -> str:
    equity = ", ".join(f"{k} {100 * v:.0f}%" for k, v in d.equity.items()) or "-"
    lost = "-" if d.ev_lost is None else f"{d.ev_lost:.2f}"
    model = "-" if d.model_action is None else f"{d.model}: {d.model_action}"
    if d.model_probabilities:
        model += " (" + ", ".join(f"{a} {100 * p:.0f}%" for a, p in d.model_probabilities.items()) + ")"
    cells = [str(d.number), d.street, format_cards(d.cards), str(d.pot), str(d.price), d.action, equity, model, lost]
    numeric = {0, 3, 4, 8}
    css = ' class="lost"' if d.ev_lost else ""
    return f"<tr{css}>" + "".join(f'<td{" class=n" if i in numeric else ""}>{escape(c)}</td>'
                                  for i, c in enumerate(cells)) + "</tr>"


_HEAD = ("#", "street", "cards", "pot", "price", "action", "equity", "model", "EV lost (bb)")


def _table(decisions: Sequence[Decision]) -> str:
    return ("<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in _HEAD) + "</tr>"
            + "".join(_row(d) for d in decisions) + "</table>")


def review_html(report: Review) -> str:
    """The review as a self-contained HTML page: the summary, plots of the EV
    lost by street and by kind, the largest leaks, and each hand with its
    equity through the hand."""
    streets = {row["street"]: row["ev_lost"] for row in report.by("street")}
    kinds = [(row["kind"], row["ev_lost"]) for row in report.by("kind")]
    parts = [
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        f"<title>Review of {escape(report.hero)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>Review of {escape(report.hero)}</h1>",
        f"<p>{len(report.hands)} hand(s), {len(report.decisions)} decision(s), "
        f"<b>{report.total_lost:.2f} big blinds</b> lost to the model.</p>",
        '<p class="note">Equity: the share of the pot against the range the opponents\' actions imply. '
        "Model: the shipped CFR strategy (heads-up fixed limit) or the equity model. "
        "EV lost: what the hero's action gave up against the model's, in big blinds.</p>",
    ]
    if report.skipped:
        parts.append("<p>Skipped: " + "; ".join(f"{escape(h)} ({escape(why)})" for h, why in report.skipped) + "</p>")
    parts.append('<div class="plots">')
    parts.append(_bars("EV lost by street (bb)", [(s, streets.get(s, 0.0)) for s in STREETS]))
    parts.append(_bars("EV lost by decision kind (bb)", kinds))
    parts.append("</div>")
    leaks = report.leaks()
    if leaks:
        parts.append("<h2>The largest leaks</h2><table><tr><th>hand</th>" + "".join(
            f"<th>{escape(h)}</th>" for h in _HEAD) + "</tr>")
        for d in leaks:
            parts.append(_row(d).replace("<tr class=\"lost\">", f"<tr class=\"lost\"><td>{escape(d.hand)}</td>", 1))
        parts.append("</table>")
    for name in report.hands:
        decisions = [d for d in report.decisions if d.hand == name]
        result = report.big_blinds.get(name)
        parts.append(f"<h2>{escape(name)}" + ("" if result is None else f" <small>(result {result:+g} bb)</small>")
                     + "</h2>")
        if decisions:
            parts.append(_equity_line(decisions) + _table(decisions))
    parts.append("</body></html>\n")
    return "".join(parts)
