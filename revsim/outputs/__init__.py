"""What revsim writes: the ruling's prose from its steps (``explain``; each estimator's evidence told by
``estimates``, sd's play-outs by ``playouts``), rulings as JSON-ready dictionaries (``dicts``) and readable
text (``text``), the HTML report for an appeals committee (the ``report`` package), scan rows with their
columns (``columns``) to and from CSV, JSON Lines and Parquet (``rowfiles``), the scorer's rows
(``adjustments``), and the progress line of a scan (``progress``). Imports from every package before it
(records, play, scoring, laws, equity), never from the top-level modules.
"""
