"""The likely result: every estimator of declarer's side's final tricks from a position, with its registry.

``worlds`` rebuilds the play at a revoke with a legal card in its place and names what an estimator gives
(``Estimate``, ``Likelihood``) and how it is asked (``Estimator``, ``Settles``, ``Form``). The estimators sit
side by side behind that interface, one module each: ``dd`` (double dummy, with major penalty cards obeyed by
``penalty``'s search) and ``sd`` (play-outs by simulated players, built from ``view``, ``sampling``,
``playout`` and ``lead_options``, fitted in ``levels.json``, sampled until ``settle``
says the written form no longer moves, shown by ``representative``). ``estimators`` registers them (name,
options, how to build one); ``predict`` estimates from any point of a record; ``solver`` is the only module
that calls DDS (through endplay); ``progress`` tells a listener how far the work has got. Imports only
``revsim.cards``, ``revsim.records``, ``revsim.play``, ``revsim.scoring`` and ``revsim.laws``: the judgement
(``revsim.equity``) asks for estimates and never shows here.
"""
