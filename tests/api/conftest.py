"""The API's world (tests/api_world.py) as fixtures."""

from __future__ import annotations

import pytest

from tests.api_world import WORLD_URLS, World, world_build


@pytest.fixture
def world(db, example_document) -> World:
    return world_build(example_document)


@pytest.fixture
def urls() -> list[str]:
    return list(WORLD_URLS)
