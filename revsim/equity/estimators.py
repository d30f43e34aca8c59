"""The registry of estimators of the likely result (Law 64C), by name; each implements ``worlds.Estimator``."""

from __future__ import annotations

from revsim.equity.dd import DoubleDummyEstimator
from revsim.equity.worlds import Estimator

ESTIMATORS: dict[str, Estimator] = {"dd": DoubleDummyEstimator()}
