"""The browser pages of ``badeucey serve`` (the table, the hand replayer):
their routes, which :func:`~badeucey_fast.web.app.create_app` mounts."""

from __future__ import annotations

from starlette.routing import BaseRoute

__all__ = ["routes"]


def routes() -> list[BaseRoute]:
    """The pages' routes."""
    return []
