"""The play API keeps its published schema: a bounded schemathesis run with every check (as ``--checks all``).

Schemathesis reads ``/openapi.json`` from the app in-process and sends requests that fit the schema and requests that
do not. No answer may be a 5xx, every answer must be documented and match its declared shape, and a request that does
not fit the schema must be refused. A request that fits it may still be refused by the rules of the puzzle (an illegal
move, an unsolvable tower): that 422 is documented, so it is accepted, but it must name the hanoikit error, never
``ValidationError``: what the schema accepts, the app's own validation accepts too.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS
from schemathesis.config import SchemathesisConfig

from hanoikit.web.app import create_app
from strategies import examples

CONFIG = SchemathesisConfig.from_dict(  # a cold first request on a loaded machine may pass schemathesis's 10 s
    {"checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "422"]}}, "seed": 9, "request-timeout": 120}
)
schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(), config=CONFIG)

EVERY_CHECK = CHECKS.get_all()


def schema_and_app_agree(ctx, response, case) -> None:  # type: ignore[no-untyped-def]
    """A request generated to fit the schema is never refused as not fitting it."""
    if case.meta is not None and case.meta.generation.mode.is_positive and response.status_code == 422:
        refusal = response.json()
        assert refusal["error"] != "ValidationError", f"the schema accepts what the app refuses: {refusal['detail']}"


@schema.parametrize()
@settings(max_examples=examples(30), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_schema_says(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=EVERY_CHECK, additional_checks=[schema_and_app_agree])
