"""Every rule id a page shows is a link to that rule, on an anchor that exists.

Crawls the site from the home page (lessons, puzzles, the analyzer, play, progress, the rule
books) in en, pt and es, plus pages that only exist after a step: an analysed position, a
rejected one, answered lesson steps and puzzles, a hint, a game under way.
"""

from __future__ import annotations

import random
import re
from collections import Counter, deque
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.puzzles.model import LANGUAGES as PUZZLE_LANGUAGES
from tests.play.helpers import random_action
from tutor import create_app
from tutor.core.setup import prepare_database
from tutor.i18n import LANGUAGES as SITE_LANGUAGES
from tutor.rules.books import RULE_ID_RE, book_of_profile, book_of_rule

LANGUAGES = tuple(SITE_LANGUAGES)  # every language the site speaks has every book
CRAWLED = ("/", "/learn/", "/puzzles/", "/analyzer/", "/play/", "/progress/", "/rules")
NOT_CRAWLED = ("/static/", "/api/", "/auth/", "/teach/", "/classes/", "/join")
# Text here cannot hold a link, or is not shown as prose.
UNLINKABLE = {"script", "style", "title", "textarea", "option", "template"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip
ANALYSED = "/analyzer/?hand=4H5HQSAC2D3SKDJC6S7D&opp=KSKHKC&center=6H&from=opponent"
REJECTED = "/analyzer/?hand=4H5HQSAC2D3SKDJC6S&center=6H&from=opponent"


class RuleIdFinder(HTMLParser):
    """Each rule id in the page's text, with the link it sits in (or None) and the ids of
    the elements around it (a rule's own heading names the rule and needs no link)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.found: list[tuple[str, str | None, set[str], str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.stack.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if any(tag in UNLINKABLE for tag, _ in self.stack):
            return
        for match in RULE_ID_RE.finditer(data):
            link = next((a.get("href") for tag, a in reversed(self.stack) if tag == "a"), None)
            ids = {str(a["id"]) for _, a in self.stack if a.get("id")}
            context = data[max(0, match.start() - 40) : match.end() + 20].strip()
            self.found.append((match[0], link, ids, context))


def rule_ids_in(html: str) -> list[tuple[str, str | None, set[str], str]]:
    finder = RuleIdFinder()
    finder.feed(html)
    return finder.found


def same_site_links(html: str, base: str) -> Iterator[str]:
    for href in re.findall(r'<a\b[^>]*\bhref="([^"#][^"]*)"', html):
        url = urljoin(base, href.replace("&amp;", "&"))
        parts = urlsplit(url)
        if parts.netloc and parts.netloc != "localhost":
            continue
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        if path.startswith(CRAWLED[1:]) and not path.startswith(NOT_CRAWLED):
            yield urldefrag(path)[0]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    db_path: Path = tmp_path_factory.mktemp("crawl") / "crawl.sqlite"
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    prepare_database(app)
    return app


def pages_with_state(client: FlaskClient, language: str) -> Iterator[tuple[str, str]]:
    """Pages that need a step first: answers, hints, a game in progress."""
    for url in (ANALYSED, REJECTED):
        yield url, client.get(url).get_data(as_text=True)
    from tutor.learn.lessons import LESSONS

    for lesson in LESSONS:
        for number in range(1, len(lesson.steps) + 1):
            url = f"/learn/{lesson.slug}/{number}"
            for answer in ({"choice": "take"}, {"choice": "no"}, {"cards": ["QS"]}):
                response = client.post(url, data=answer)
                if response.status_code == 200:
                    yield url + " (answered)", response.get_data(as_text=True)
    for url in puzzle_urls(client):
        if other_language(url, language):
            continue
        client.post(url + "/hint")
        yield url + " (hint)", client.get(url).get_data(as_text=True)
        # One answer that fits the puzzle's task is accepted; the others are refused (400).
        # A first miss leaves a second try; the result with its explanation comes after it.
        for answer in ({"answer": "yes"}, {"answer": "take"}, {"discard": "QS"}):
            response = client.post(url + "/answer", data=answer, follow_redirects=True)
            if response.status_code == 200:
                yield url + " (answered)", response.get_data(as_text=True)
                again = client.post(url + "/answer", data=answer, follow_redirects=True)
                yield url + " (answered twice)", again.get_data(as_text=True)
                break
    started = client.post("/play/", data={"level": "easy", "seed": "3"})
    game = started.location.split("#")[0].rsplit("/", 1)[1]
    rng = random.Random(3)
    for _ in range(12):
        view = client.get(f"/api/games/{game}").get_json()
        client.post(f"/api/games/{game}/actions", json=random_action(view, rng))
        yield f"/play/{game}", client.get(f"/play/{game}").get_data(as_text=True)


def puzzle_urls(client: FlaskClient) -> list[str]:
    index = client.get("/puzzles/").get_data(as_text=True)
    sets = sorted(set(re.findall(r'href="(/puzzles/sets/[^/"]+/)"', index)))
    urls = []
    for set_url in sets:
        page = client.get(set_url).get_data(as_text=True)
        urls += sorted(set(re.findall(rf'href="({re.escape(set_url)}[^/"#?]+)"', page)))[:3]
    return urls


def other_language(url: str, language: str) -> bool:
    """A page of a puzzle set in another language than the one the index shows the learner
    (their own, or English where no bundled set is in it)."""
    suffixes = "|".join(f"-{lang}" for lang in PUZZLE_LANGUAGES if lang != "en")
    match = re.match(rf"/puzzles/sets/[^/]+?({suffixes})?/", url)
    shown = language if language in PUZZLE_LANGUAGES else "en"
    return bool(match) and (match[1] or "-en") != f"-{shown}"


def crawl(client: FlaskClient, language: str) -> Iterator[tuple[str, str]]:
    seen: set[str] = set()
    queue = deque(CRAWLED)
    while queue and len(seen) < 400:
        url = queue.popleft()
        if url in seen or other_language(url, language):
            continue
        seen.add(url)
        response = client.get(url)
        if response.status_code != 200 or response.mimetype != "text/html":
            continue
        html = response.get_data(as_text=True)
        yield url, html
        queue.extend(link for link in same_site_links(html, url) if link not in seen)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_id_on_every_page_links_to_its_rule(site: Flask, language: str) -> None:
    client = site.test_client()
    client.post("/language", data={"lang": language, "next": "/"})
    anchors: dict[str, str] = {}

    def anchor_exists(page: str, rule_id: str) -> bool:
        if page not in anchors:
            anchors[page] = client.get(f"/rules/{page}").get_data(as_text=True)
        return f'id="{rule_id}"' in anchors[page]

    problems: list[str] = []
    pages = 0
    cited: Counter[str] = Counter()
    for url, html in [*crawl(client, language), *pages_with_state(client, language)]:
        pages += 1
        for rule_id, href, around, context in rule_ids_in(html):
            if rule_id in around:
                continue  # the rule's own heading
            if book_of_rule(rule_id) is None:
                problems.append(f"{url}: {rule_id} is no rule of any book: …{context}…")
                continue
            cited[url.split("/")[1].split("?")[0]] += 1
            if href is None:
                problems.append(f"{url}: {rule_id} is not a link: …{context}…")
                continue
            target = urlsplit(urljoin(urlsplit(url).path, href))
            page = target.path.removeprefix("/rules/")
            book = book_of_profile(page) if target.path.startswith("/rules/") else None
            if target.fragment != rule_id or book is None or rule_id not in book.rule_ids:
                problems.append(f"{url}: {rule_id} links to {href}")
            elif not anchor_exists(page, rule_id):
                problems.append(f"{url}: {href} has no anchor {rule_id}")
    assert not problems, f"{len(problems)} unlinked rule ids:\n" + "\n".join(problems[:60])
    # The crawl reached the pages that cite rules, in every part of the site.
    assert pages > 60 and sum(cited.values()) > 300, (pages, cited)
    assert all(cited[part] for part in ("learn", "puzzles", "analyzer", "play", "rules")), cited
