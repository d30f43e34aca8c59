"""Law 64C and Law 12C1, the judgement part of a revoke ruling: the likely result had the revoke not occurred.

``worlds`` rebuilds the play at a revoke with a legal card in its place; the estimators of the likely
result sit side by side behind one interface, one module each (``dd``: double dummy; ``sd``: play-outs by
simulated players, built from ``view``, ``sampling`` and ``playout``, its fitted parameters in
``levels.json``), registered in ``estimators`` (name, options, how to build one); ``predict`` estimates
from any point of a record; ``solver`` is the only module that calls DDS (through endplay); ``law64c``
and ``law12`` are the clauses of equity; ``ruling`` puts 64C together on top of 64A/B, per side; ``trace``
follows the double-dummy value card by card; ``settings`` holds how to rule. Imports only
``revsim.cards``, ``revsim.records``, ``revsim.play``, ``revsim.scoring`` and ``revsim.laws``.
"""
