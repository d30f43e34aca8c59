"""The director's desk (``revsim serve``): a local web page to load a record or start a blank case, enter
the play by clicking, add the facts, rule, and download the report, the JSON and the case file.

``service`` holds what the page asks for as plain functions on text (run in a worker process, the only
place the solver runs); ``app`` is the Starlette application and its worker pool; ``static/`` holds the
page, its small script and its style, served by revsim itself so the desk works with no network.

It may import from every other package of revsim (it is a front end, like the command line); nothing
imports from it but the command line. Its dependencies (starlette, uvicorn) are the ``web`` extra.
"""
