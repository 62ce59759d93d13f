"""The caches the environment chooses (config/caches.py): the pages and the rest in folders
shared by the workers without CACHE_URL, Redis with it; a Redis that does not answer gives a
miss and a log line, never an error, and a phone still gets its table from the database."""

from __future__ import annotations

import logging
import secrets
from pathlib import Path

import pytest
import redis
from django.core.cache import caches
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, override_settings

import config.caches
from config.caches import CULL_EVERY, FailOpenRedisCache, FolderCache, caches_config
from tests.phones.helpers import url
from tournament.phones.links import table_link_issue

REDIS = "redis://127.0.0.1:6379/0"
SILENT = "redis://127.0.0.1:1/0"  # nobody answers there


def redis_answers() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS, socket_connect_timeout=0.3).ping())
    except redis.RedisError:
        return False


def test_without_cache_url_the_pages_and_the_rest_are_in_folders_the_workers_share(
    tmp_path: Path,
):
    config = caches_config(None, tmp_path)
    assert (
        config["shared"]["BACKEND"] == config["default"]["BACKEND"] == "config.caches.FolderCache"
    )
    assert config["shared"]["LOCATION"] == str(tmp_path)
    assert config["default"]["LOCATION"] == str(tmp_path / "pages")


def test_the_folder_counts_its_files_once_a_minute_not_on_every_write(tmp_path: Path, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr("config.caches.time.monotonic", lambda: clock[0])
    monkeypatch.setattr(FolderCache, "_culled_at", {})
    cache = FolderCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 4, "CULL_FREQUENCY": 2}})
    for number in range(10):
        cache.set(f"key-{number}", number)
    assert len(list(tmp_path.glob("*.djcache"))) == 10  # counted before the first write only
    clock[0] += CULL_EVERY
    cache.set("one-more", 1)  # counted again: 10 files, half of them go before the write
    assert len(list(tmp_path.glob("*.djcache"))) == 6
    assert cache.get("one-more") == 1


def test_cache_url_selects_redis_for_both_caches(tmp_path: Path):
    config = caches_config(REDIS, tmp_path)
    assert {c["BACKEND"] for c in config.values()} == {"config.caches.FailOpenRedisCache"}
    assert {c["LOCATION"] for c in config.values()} == {REDIS}
    assert config["default"]["KEY_PREFIX"] != config["shared"]["KEY_PREFIX"]


def test_a_cache_url_that_is_no_redis_is_refused(tmp_path: Path):
    with pytest.raises(ImproperlyConfigured, match="CACHE_URL"):
        caches_config("memcached://127.0.0.1:11211", tmp_path)


def test_a_redis_that_does_not_answer_is_a_miss_and_a_log_line(caplog, monkeypatch):
    monkeypatch.setattr(FailOpenRedisCache, "_logged_at", 0.0)
    monkeypatch.setattr(config.caches, "_breakers", {})  # no breaker opened by another test
    cache = FailOpenRedisCache(SILENT, {"OPTIONS": {"socket_connect_timeout": 0.3}})
    with caplog.at_level(logging.WARNING, logger="tournament.cache"):
        cache.set("key", "value")
        assert cache.get("key") is None and cache.get("key", 7) == 7
        assert cache.add("key", "value") is False
        cache.delete("key")
    assert "Redis cache set failed" in caplog.text


@pytest.mark.django_db
def test_a_phone_works_from_the_database_while_redis_does_not_answer(table, leitung):
    link = table_link_issue(table=table, user=leitung)
    with override_settings(CACHES=caches_config(SILENT, Path("unused"))):
        phone = Client()
        assert phone.post(url("phone_sheet", link), {"pin": link.pin}).status_code == 302
        state = phone.get(url("phone_state", link)).json()
        again = phone.get(url("phone_state", link), {"seit": state["revision"]})
        assert again.status_code == 200  # without a revision to compare: the state again
    caches["shared"].clear()


@pytest.mark.skipif(not redis_answers(), reason="no Redis answers on 127.0.0.1:6379")
def test_a_redis_that_answers_keeps_what_is_set():
    prefix = f"test-{secrets.token_hex(4)}"
    cache = FailOpenRedisCache(REDIS, {"KEY_PREFIX": prefix, "TIMEOUT": 60})
    cache.set("revision", "abc")
    assert cache.get("revision") == "abc"
    assert cache.add("revision", "other") is False
    cache.delete("revision")
    assert cache.get("revision") is None
