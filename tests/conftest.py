"""Shared test settings: a hypothesis profile that keeps the suite within a few minutes on two cores."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "hanoikit", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("hanoikit")
