"""Every answer of the API is what its OpenAPI document says: each field documented, each of
the documented type (jsonschema against the generated document's schemas)."""

from __future__ import annotations

import copy
import re

import pytest
from jsonschema import Draft202012Validator

pytestmark = pytest.mark.django_db


def _strict(node):
    """Every object of the document allows its documented fields only."""
    if isinstance(node, dict):
        if "properties" in node:
            node["additionalProperties"] = False
        for value in node.values():
            _strict(value)
    elif isinstance(node, list):
        for value in node:
            _strict(value)
    return node


def _operation(document: dict, url: str) -> dict:
    path = url.split("?")[0]
    for pattern, item in document["paths"].items():
        if re.fullmatch(re.sub(r"\{[^}]+\}", "[^/]+", pattern), path):
            return item["get"]
    raise AssertionError(f"{path} is not in the OpenAPI document")


def _validator(document: dict, operation: dict, status: str) -> Draft202012Validator:
    schema = operation["responses"][status]["content"]["application/json"]["schema"]
    root = {**copy.deepcopy(schema), "components": _strict(copy.deepcopy(document["components"]))}
    return Draft202012Validator(root)


def test_the_document_is_served_and_names_every_operation(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    document = response.json()
    assert document["openapi"].startswith("3.")
    assert set(document["paths"]) == {
        "/api/v1/veranstalter/",
        "/api/v1/turniere/",
        "/api/v1/turniere/{slug}/",
        "/api/v1/turniere/{slug}/wertung/",
        "/api/v1/saisons/",
        "/api/v1/saisons/{slug}/",
        "/api/v1/pokale/",
        "/api/v1/pokale/{slug}/",
    }
    assert all(set(item) == {"get"} for item in document["paths"].values())


def test_every_answer_matches_the_document(client, world, urls):
    document = client.get("/api/v1/openapi.json").json()
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"] == "application/json; charset=utf-8"
        _validator(document, _operation(document, url), "200").validate(response.json())


@pytest.mark.parametrize(
    ("url", "status", "words"),
    [
        ("/api/v1/turniere/gibt-es-nicht/", 404, "gibt-es-nicht"),
        ("/api/v1/turniere/entwurf-2026/", 404, "entwurf-2026"),
        ("/api/v1/turniere/verdeckt-2026/wertung/", 404, "nicht veröffentlicht"),
        ("/api/v1/turniere/offen-2026/wertung/?nach=9", 404, "Durchgang 9"),
        ("/api/v1/turniere/offen-2026/wertung/?nach=x", 400, "„nach“"),
        ("/api/v1/turniere/?zeit=morgen", 400, "„zeit“"),
        ("/api/v1/turniere/?veranstalter=niemand", 400, "„veranstalter“"),
        ("/api/v1/turniere/?pokal=niemand", 400, "„pokal“"),
        ("/api/v1/saisons/keine/", 404, "keine"),
        ("/api/v1/pokale/keiner/", 404, "keiner"),
    ],
)
def test_an_error_is_json_with_a_german_detail_naming_what_was_wrong(
    client, world, url, status, words
):
    document = client.get("/api/v1/openapi.json").json()
    response = client.get(url)
    assert response.status_code == status
    assert words in response.json()["detail"]
    _validator(document, _operation(document, url), str(status)).validate(response.json())


def test_an_english_visitor_gets_the_same_german_answer(client, world):
    german = client.get("/api/v1/turniere/keins/").json()
    client.cookies["django_language"] = "en"
    assert client.get("/api/v1/turniere/keins/").json() == german
    assert "Turnier" in german["detail"]


def test_the_docs_page_loads_its_scripts_from_this_server(client):
    page = client.get("/api/v1/docs").content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sources
    assert all(source.startswith("/") for source in sources), sources
    assert "cdn" not in page


@pytest.mark.parametrize("url", ["/api/", "/api/v1/", "/api/v1/spieler/", "/api/v2/turniere/"])
def test_an_address_of_no_operation_is_a_json_404(client, url):
    response = client.get(url, HTTP_ORIGIN="https://sk-beispiel.de")
    assert response.status_code == 404
    assert response.json() == {
        "detail": "Diese Adresse gibt es in der API nicht; siehe /api/v1/docs."
    }
    assert response["Access-Control-Allow-Origin"] == "*"
