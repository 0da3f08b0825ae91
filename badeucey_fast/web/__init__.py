"""The browser table, the hand replayer and the arena, served by ``badeucey serve``
(the ``web`` extra: Starlette and uvicorn).

- :mod:`~badeucey_fast.web.table`: a person's table against a built-in bot, one
  :class:`~badeucey_fast.web.table.TableSession` per browser, kept in a bounded
  :class:`~badeucey_fast.web.table.Sessions`;
- :mod:`~badeucey_fast.web.replay`: a PHH history as steps, with each seat's equity;
- :mod:`~badeucey_fast.web.pages`: the pages' routes (:func:`~badeucey_fast.web.pages.routes`),
  each handler turning JSON into a call of the two modules above and back.

The first two import neither Starlette nor uvicorn: they are plain Python on the play API.
"""
