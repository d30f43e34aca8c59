"""What revsim writes: rulings as JSON-ready dictionaries (``dicts``) and readable text (``text``), the
HTML report for an appeals committee (``report``), scan rows with their columns (``columns``) to and from
CSV, JSON Lines and Parquet (``rowfiles``), and the progress line of a scan (``progress``). Imports from
every package before it (records, play, scoring, laws, equity), never from the top-level modules.
"""
