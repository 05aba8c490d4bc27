"""What Slack knows about a channel or a user that changes the answer: is the channel shared with another
organisation (Slack Connect), is the user external, which language their Slack is in.

Two rules, because a wrong "internal" shows our prices to a customer:
- Any doubt means external (and shared). A user is internal only when Slack says which organisation they
  belong to and it is ours, as `auth.test` told us; guests count as external. When `auth.test`,
  `users.info` or `conversations.info` fails, is rate limited or does not answer in time, the answer is
  the careful one.
- Only what Slack actually said is remembered (for an hour). A failed or unfinished lookup is never
  cached: the next request asks again.

Lookups run on their own threads with a short client timeout and no waiting on 429s; callers wait at
most a budget of seconds for them (`lookup`), so a slow Slack can delay an answer but never past Slack's
3-second acknowledgement deadline. A lookup that finishes after its caller gave up still fills the cache
for the next request. A request that holds Slack's acknowledgement (`hurry`) waits for one kind of lookup
(people, channels) only while Slack answers that kind quickly: once a hurried wait ran out its budget, the
next SLOW_SECONDS of hurried requests wait for that kind no more than SLOW_WAIT_S (those it does not answer
are acknowledged at once and answered after), until a lookup of it comes back quickly again (counted from
when it was asked). Each wait held one of the web server's threads for the whole budget, so a crowd of
people not seen yet queued behind each other past Slack's deadline. Each kind has its own threads: one
kind hanging does not queue the other's lookups behind it.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import TYPE_CHECKING

from slack_sdk import WebClient

if TYPE_CHECKING:
    from .log import SharingMarks

logger = logging.getLogger(__name__)
TTL_SECONDS = 3600
# People and channels remembered at most: a worker's memory stays flat however many users write.
CACHE_LIMIT = 20_000
# After auth.test fails, ask again no sooner than this (every user is external meanwhile).
TEAM_RETRY_SECONDS = 10
# What a request may spend waiting for lookups before it is acknowledged (Slack's deadline is 3 s,
# counted from when Slack sent it), and in all before it is answered anyway with the careful defaults.
ACK_BUDGET_S = 1.5
ANSWER_BUDGET_S = 6.0
# How long hurried requests stop waiting for a kind of lookup after one of them waited its budget out: long
# enough for a crowd to pass, short enough that a Slack back to normal is soon waited for again.
SLOW_SECONDS = 10.0
# What an org-wide event's answer (after its acknowledgement) waits for auth.teams.list, when its person's
# workspace is not known yet: within ANSWER_BUDGET_S with the person's lookup.
ORG_LIST_WAIT_S = 3.0
# What a hurried request still waits meanwhile: a lookup that answers this fast says Slack is back.
SLOW_WAIT_S = 0.05


@dataclass(frozen=True)
class Person:
    locale: str | None
    external: bool
    team_id: str | None = None  # their workspace, as users.info said (another of ours in an Enterprise Grid)


CAREFUL_PERSON = Person(None, True)
NO_PERSON = Person(None, False)  # no user at all (a request not made by a person): nobody to be careful about


@dataclass(frozen=True)
class Seen:
    """What the directory could tell about who asked and where, within the time it was given."""

    person: Person
    channel_shared: bool
    complete: bool  # False: a lookup was still running; the careful defaults stand in for it


@dataclass(frozen=True)
class _Team:
    team_id: str | None
    enterprise_id: str | None
    org_wide: bool = False  # installed for the whole organisation (an org-level token)


class Directory:
    def __init__(
        self,
        client: WebClient,
        ttl: float = TTL_SECONDS,
        workers: int = 8,
        sharing: SharingMarks | None = None,
    ) -> None:
        self.client = client
        self.ttl = ttl
        # Where a channel shared or unshared is told to every worker, and what this one last saw there.
        self._sharing = sharing
        self._sharing_seen: object = None
        self._cache: dict[tuple[str, str], tuple[float, object]] = {}
        self._inflight: dict[tuple[str, str], Future] = {}
        self._lock = threading.Lock()
        # A pool per kind: people's lookups hanging must not queue the channels' behind them (nor the other
        # way round), which made a quick kind look slow to every request waiting on it.
        self._pools = {
            kind: ThreadPoolExecutor(max_workers=workers, thread_name_prefix=f"directory-{kind}")
            for kind in ("user", "channel")
        }
        self._team: _Team | None = None
        self._team_failed_at = -TEAM_RETRY_SECONDS
        # The workspaces Slack said are our organisation's (an org-wide install's auth.teams.list, users.info
        # placing a person of ours in one): an org-wide event's person must be of one of them.
        self._workspaces: set[str] = set()
        self._workspaces_listed_at: float | None = None
        self._listing: threading.Event | None = None  # the latest asking's end (_list_soon)
        # kind ("user", "channel") -> until when hurried requests do not wait for its lookups
        self._slow_until = {"user": 0.0, "channel": 0.0}

    # -- what callers use ---------------------------------------------------------------------------------

    def lookup(
        self,
        user_id: str | None,
        channel_id: str | None,
        budget: float = ACK_BUDGET_S,
        *,
        hurry: bool = False,
    ) -> Seen:
        """The person and the channel, waiting at most `budget` seconds in all (both run at once). `hurry`:
        the caller holds Slack's acknowledgement, and does not wait while Slack is slow (above)."""
        if not isinstance(user_id, str | None) or not isinstance(channel_id, str | None):
            # A payload naming someone or somewhere by anything but an id (a list, an object): nobody Slack
            # can be asked about, so the careful answer for each.
            return _malformed(user_id, channel_id)
        now = time.monotonic()
        # The usual case, both known: answered from the cache without futures (this runs on every request).
        person = self._fresh("user", user_id, now) if user_id else NO_PERSON
        shared = self._fresh("channel", channel_id, now) if _may_be_shared(channel_id) else False
        if person is not None and shared is not None:
            return Seen(person, shared, True)
        deadline = now + budget
        person_future = self._start("user", user_id) if user_id else None
        channel_future = self._start("channel", channel_id) if _may_be_shared(channel_id) else None
        complete = True
        person = NO_PERSON if not user_id else CAREFUL_PERSON
        if person_future is not None:
            got = self._wait("user", person_future, deadline, hurry)
            complete &= got is not None
            person = got if got is not None else CAREFUL_PERSON
        shared = False
        if channel_future is not None:
            got = self._wait("channel", channel_future, deadline, hurry)
            complete &= got is not None
            shared = got if got is not None else True
        return Seen(person, shared, complete)

    def person(self, user_id: str | None, budget: float = ACK_BUDGET_S, *, hurry: bool = False) -> Person:
        return self.lookup(user_id, None, budget, hurry=hurry).person

    def channel_shared(
        self, channel_id: str | None, budget: float = ACK_BUDGET_S, *, max_age_s: float | None = None
    ) -> bool:
        """Whether the channel is shared with another organisation. `max_age_s`: what Slack said longer ago
        than that is asked again, for what the app is about to post where everyone in the channel reads it:
        a channel turned Slack Connect minutes ago had been trusted as ours for the rest of the hour."""
        if max_age_s is not None:
            hit = self._cache.get(("channel", channel_id))
            if hit is not None and time.monotonic() - hit[0] >= max_age_s:
                self.forget_channel(channel_id)
        return self.lookup(None, channel_id, budget).channel_shared

    def forget_channel(self, channel_id: str | None) -> None:
        """Drops what Slack said of the channel, and the next lookup asks again."""
        with self._lock:
            self._cache.pop(("channel", channel_id), None)

    def sharing_changed(self, channel_id: str, event_type: str) -> None:
        """The channel was shared with another organisation, or stopped being (channel_shared,
        channel_unshared): forgotten here, and told to the web process's other workers, which Slack does
        not tell (bot/log/sharingstate.py)."""
        self.forget_channel(channel_id)
        if self._sharing is not None:
            self._sharing.tell(channel_id, event_type)

    def _channels_trusted(self) -> bool:
        """Whether what this worker remembers of channels may be used: no worker was told of a sharing change
        since it last looked (else all it knew of channels goes; which one changed hardly matters, changes are
        rare), and the shared mark can be looked at (a doubt trusts nothing)."""
        if self._sharing is None:
            return True
        seen = self._sharing.seen()
        if seen == self._sharing.DOUBT:
            return False
        if seen != self._sharing_seen:
            with self._lock:
                self._cache = {key: hit for key, hit in self._cache.items() if key[0] != "channel"}
                self._sharing_seen = seen
        return True

    def _wait(self, kind: str, future: Future, deadline: float, hurry: bool):
        """The lookup's answer by the deadline, else None. A hurried caller does not wait while Slack is slow
        to answer this kind, and one that waited its budget out says Slack is slow."""
        if not hurry:
            return _result(future, deadline)
        if time.monotonic() < self._slow_until[kind]:
            return _result(future, min(deadline, time.monotonic() + SLOW_WAIT_S))
        got = _result(future, deadline)
        if got is None:
            self._slow_until[kind] = time.monotonic() + SLOW_SECONDS
        return got

    # -- lookups ------------------------------------------------------------------------------------------

    def _fresh(self, kind: str, key: str | None, now: float):
        """What the cache knows and still trusts, else None."""
        if kind == "channel" and not self._channels_trusted():
            return None
        hit = self._cache.get((kind, key))
        return hit[1] if hit and now - hit[0] < self.ttl else None

    def _start(self, kind: str, key: str) -> Future:
        """A future for the answer: done at once from the cache, else the running (or a new) lookup."""
        value = self._fresh(kind, key, time.monotonic())
        if value is not None:
            done: Future = Future()
            done.set_result(value)
            return done
        with self._lock:
            future = self._inflight.get((kind, key))
            if future is None:
                fetch = self._fetch_person if kind == "user" else self._fetch_channel
                future = self._pools[kind].submit(self._fetch, kind, key, fetch, time.monotonic())
                self._inflight[(kind, key)] = future
            return future

    def _fetch(self, kind: str, key: str, fetch, asked: float) -> object:
        # A channel shared or unshared while Slack was being asked: the answer may predate it.
        sharing = self._sharing.seen() if kind == "channel" and self._sharing is not None else None
        try:
            value, certain = fetch(key)
        except Exception as e:  # Slack failed, rate limited us, timed out, or answered nonsense
            # A dead token was told once, when its gate closed (bot/slack_client.py): not again per question.
            gone = getattr(getattr(self.client, "gate", None), "reason", None) is not None
            logger.log(
                logging.DEBUG if gone else logging.WARNING,
                "%s lookup failed (%s); treating it with the careful default", kind, _reason(e),
            )  # fmt: skip
            value, certain = (CAREFUL_PERSON if kind == "user" else True), False
        finally:
            with self._lock:
                self._inflight.pop((kind, key), None)
            # Counted from when it was asked: a lookup queued behind hung ones was slow for whoever waited on
            # it, however quickly Slack then answered.
            if time.monotonic() - asked < ACK_BUDGET_S:
                self._slow_until[kind] = 0.0  # Slack answers this kind quickly (again): hurried requests wait

        if (
            certain
            and sharing is not None
            and (sharing == self._sharing.DOUBT or self._sharing.seen() != sharing)
        ):
            certain = False
        if certain:
            if len(self._cache) >= CACHE_LIMIT:
                self._cache = {}  # a bound on memory; the next requests refill what is still used
            self._cache[(kind, key)] = (time.monotonic(), value)
        return value

    def _fetch_person(self, user_id: str) -> tuple[Person, bool]:
        user = self.client.users_info(user=user_id, include_locale=True)["user"]
        locale = user.get("locale")
        if user.get("is_stranger") or user.get("is_restricted") or user.get("is_ultra_restricted"):
            return Person(locale, True), True  # another organisation, or a guest
        ours = self._our_team()
        if ours is None:
            return Person(locale, True), False  # we cannot tell whose user this is: external, for now
        same_team = bool(ours.team_id) and user.get("team_id") == ours.team_id
        enterprise = (user.get("enterprise_user") or {}).get("enterprise_id")
        same_enterprise = bool(ours.enterprise_id) and enterprise == ours.enterprise_id
        if same_enterprise and isinstance(user.get("team_id"), str) and len(self._workspaces) < CACHE_LIMIT:
            self._workspaces.add(user["team_id"])
        if ours.org_wide:
            self._list_soon()
        return Person(locale, not (same_team or same_enterprise), user.get("team_id")), True

    def org_workspace(self, team_id: str | None, wait_s: float = 0.0) -> bool:
        """Whether Slack said `team_id` is a workspace of our own (auth.test's, one auth.teams.list named for an
        org-wide install, or one users.info placed a person of our organisation in). Not said: not ours. A
        workspace not known while the list is being asked for waits for it up to `wait_s` (a caller past the
        acknowledgement): another of our workspaces' people had been external until the list came."""
        if self._known_workspace(team_id):
            return True
        ours = self._team
        if not team_id or wait_s <= 0 or ours is None or not ours.org_wide:
            return False
        self._list_soon()
        listing = self._listing
        return listing is not None and listing.wait(wait_s) and self._known_workspace(team_id)

    def _known_workspace(self, team_id: str | None) -> bool:
        ours = self._team
        return bool(team_id) and (
            team_id in self._workspaces or (ours is not None and team_id == ours.team_id)
        )

    def _list_soon(self) -> None:
        """Asks for the workspaces (below) on a thread of its own, when it is time to: the person's lookup
        never waited on it (what users.info said decides whether they are ours), but ran it first, and a slow or
        rate-limited auth.teams.list held the first /gpu's answer past the acknowledgement's budget."""
        with self._lock:
            listed = self._workspaces_listed_at
            now = time.monotonic()
            if listed is not None and (listed == float("inf") or now - listed < TEAM_RETRY_SECONDS):
                return
            self._workspaces_listed_at = now  # asked once at a time, whoever asks meanwhile
            self._listing = threading.Event()  # set once Slack answered or failed
        threading.Thread(target=self._list_workspaces, args=(self._listing,), name="directory-workspaces",
                         daemon=True).start()  # fmt: skip

    def _list_workspaces(self, listing: threading.Event | None = None) -> None:
        try:
            self._ask_workspaces()
        finally:
            if listing is not None:
                listing.set()

    def _ask_workspaces(self) -> None:
        """An org-wide install's workspaces, as auth.teams.list names them ("a full list of workspaces your
        org-wide app has been approved for", https://docs.slack.dev/reference/methods/auth.teams.list; no
        scope needed), asked once (again after TEAM_RETRY_SECONDS when Slack failed), by _list_soon."""
        try:
            cursor, pages = None, 0
            while pages < 10:  # 1,000 workspaces a page: more than any organisation of ours holds
                answer = self.client.auth_teams_list(limit=1000, **({"cursor": cursor} if cursor else {}))
                for team in answer.get("teams") or []:
                    if isinstance(team, dict) and isinstance(team.get("id"), str):
                        self._workspaces.add(team["id"])
                cursor = (answer.get("response_metadata") or {}).get("next_cursor")
                pages += 1
                if not cursor:
                    break
        except Exception as e:
            logger.warning(
                "auth.teams.list failed (%s); only workspaces users.info named count as ours", _reason(e)
            )
            return
        self._workspaces_listed_at = float("inf")

    def _fetch_channel(self, channel_id: str) -> tuple[bool, bool]:
        channel = self.client.conversations_info(channel=channel_id)["channel"]
        # Shared with another organisation (Slack Connect), or on its way to be. A channel shared only
        # between workspaces of our own Enterprise Grid (is_shared with is_org_shared) is not: its people
        # are ours (https://docs.slack.dev/reference/objects/conversation-object).
        if channel.get("is_ext_shared") or channel.get("is_pending_ext_shared"):
            return True, True
        return bool(channel.get("is_shared")) and not channel.get("is_org_shared"), True

    @property
    def team(self) -> _Team | None:
        """Our workspace and organisation as auth.test said, when it has (never asked here: a caller on
        Slack's deadline does not wait for it)."""
        return self._team

    def _our_team(self) -> _Team | None:
        if self._team is not None:
            return self._team
        if time.monotonic() - self._team_failed_at < TEAM_RETRY_SECONDS:
            return None
        try:
            answer = self.client.auth_test()
            team_id = answer.get("team_id")
            # An app installed for a whole Enterprise Grid organisation has an org-level token: auth.test
            # may then name the organisation and no workspace (https://docs.slack.dev/enterprise, org-wide apps).
            if not team_id and not answer.get("enterprise_id"):
                raise ValueError("auth.test named no team")
        except Exception as e:
            self._team_failed_at = time.monotonic()
            logger.warning("auth.test failed (%s); treating users as external until it answers", _reason(e))
            return None
        org_wide = bool(answer.get("is_enterprise_install")) or not team_id
        self._team = _Team(team_id, answer.get("enterprise_id"), org_wide)
        return self._team


def command_from_elsewhere(
    directory: Directory, person: Person, team_id: str | None, enterprise_id: str | None
) -> bool:
    """Whether a slash command's payload says it was typed in a workspace that is not ours, and users.info
    did not vouch that this person is ours and of that workspace. A command names "where the user was in
    Slack when they triggered your app's command" by `team_id` and, in an Enterprise Grid, `enterprise_id`
    (https://docs.slack.dev/interactivity/implementing-slash-commands, the payload's fields): another
    organisation's workspace there is another organisation's person. Ours is what auth.test said (a
    workspace, or an organisation for an org-wide install: any of its workspaces is ours); not known yet,
    a named workspace is a doubt, and a doubt is external. The payload only ever adds doubt: a guest types
    in our own workspace, so that it names ours proves nothing (users.info decides)."""
    if not team_id and not enterprise_id:
        return False
    if not person.external and person.team_id and person.team_id == team_id:
        return False
    ours = directory.team
    if ours is None:
        return True
    if enterprise_id and ours.enterprise_id:
        return enterprise_id != ours.enterprise_id
    # An org-wide install's own team is its organisation: a workspace named with no organisation cannot be
    # told apart from one of ours, and users.info (which names the person's organisation) decides.
    return bool(team_id and ours.team_id and team_id != ours.team_id)


def acting_workspace(body: dict) -> str | None:
    """The workspace a request came for, as its payload names it, never the person's own: a view's
    app_installed_team_id (a modal opened in a Slack Connect channel, where `team` may be the person's;
    bolt-python #734), an event's authorizations[0].team_id (the installation), an interaction's `team.id`,
    a command's or an envelope's `team_id`, `context_team_id`, a view's `team_id`. An org-wide install may
    name none of them (`team: null` in interactions, https://api.slack.com/enterprise/apps/reference)."""
    body = body if isinstance(body, dict) else {}
    view = body.get("view") if isinstance(body.get("view"), dict) else {}
    team = body.get("team")
    named = (
        view.get("app_installed_team_id"), _first_authorization(body).get("team_id"),
        team.get("id") if isinstance(team, dict) else team, body.get("team_id"), body.get("context_team_id"),
        view.get("team_id"),
    )  # fmt: skip
    return next((t for t in named if isinstance(t, str) and t.startswith("T")), None)


def calls_team(body: dict, ours: _Team | None) -> str | None:
    """The workspace to name (team_id) in the Web API calls made for a request. An org-level token needs it
    to know where to act and a workspace token ignores it ("a shortcut is to always pass team_id",
    https://api.slack.com/enterprise/apps/changes-apis). It is the workspace the request came for when that
    is ours (auth.test's, or one of our organisation's as the payload's enterprise says), else our own as
    auth.test said; never the person's own workspace, which in a Slack Connect conversation is another
    organisation's (what Bolt names when an org-wide payload's `team` is null). Ours not known yet, the
    request's workspace unless it is only the person's."""
    team = acting_workspace(body)
    if ours is None:
        return team if team != users_workspace(body) else None
    if team and (team == ours.team_id or (ours.enterprise_id and _enterprise_of(body) == ours.enterprise_id)):
        return team
    return ours.team_id


def request_team(body: dict, ours: _Team | None) -> str | None:
    """The team a request's row is filed under: the workspace it came for when it is ours, else our own as
    auth.test said (an org-wide install's organisation when it names no workspace); never the person's
    own. Ours not known yet, the workspace the payload names for the request."""
    if ours is None:
        return acting_workspace(body)
    return calls_team(body, ours) or ours.enterprise_id


def for_the_whole_organisation(body: dict) -> bool:
    """Whether an event came for an organisation-wide install and names none of its workspaces: its
    authorization says is_enterprise_install and no team_id
    (https://api.slack.com/enterprise/apps/changes-apis, "authorizations"). The envelope's team_id then names
    where the event happened, in a Slack Connect channel another organisation's workspace, never which of
    ours it came for."""
    first = _first_authorization(body)
    return first.get("is_enterprise_install") in (True, "true") and not first.get("team_id")


def outside_the_organisation(directory: Directory, person: Person, users_team: str | None) -> bool:
    """For an event that came for the whole organisation (for_the_whole_organisation): whether the person is
    not known to be of one of its workspaces. Their workspace is what the event names (user_team,
    source_team, team), else what users.info said; it must be one Slack said is ours (Directory.org_workspace).
    No workspace named, or one not known to be ours: a doubt, and a doubt is external."""
    return not directory.org_workspace(users_team or person.team_id, ORG_LIST_WAIT_S)


def _first_authorization(body: dict) -> dict:
    found = body.get("authorizations")
    first = found[0] if isinstance(found, list) and found else None
    return first if isinstance(first, dict) else {}


def _enterprise_of(body: dict) -> str | None:
    """The organisation the request came from, as the payload names it (interactions' `enterprise.id`, a
    command's `enterprise_id`, an event's authorizations or context_enterprise_id)."""
    enterprise = body.get("enterprise")
    named = (
        enterprise.get("id") if isinstance(enterprise, dict) else None, body.get("enterprise_id"),
        _first_authorization(body).get("enterprise_id"), body.get("context_enterprise_id"),
    )  # fmt: skip
    return next((e for e in named if isinstance(e, str) and e), None)


def users_workspace(payload: dict) -> str | None:
    """The workspace of the person who wrote an event, as Slack names it there: `user_team` where Slack
    sends it (Slack Connect, Enterprise Grid), else `source_team`, the workspace the message was sent
    from, else the event's `team` or its `user_profile.team`, which name the author's workspace too
    (@slack/types GenericMessageEvent and AppMentionEvent: team, user_team, source_team, user_profile.team);
    an interaction's `user.team_id` (https://docs.slack.dev/reference/interaction-payloads). None when Slack
    named none."""
    profile = payload.get("user_profile") if isinstance(payload.get("user_profile"), dict) else {}
    user = payload.get("user") if isinstance(payload.get("user"), dict) else {}
    named = (payload.get("user_team"), payload.get("source_team"), payload.get("team"), profile.get("team"))
    for team in (*named, user.get("team_id")):
        if isinstance(team, str) and team:
            return team
    return None


def from_another_team(person: Person, users_team: str | None, workspace: str | None) -> bool:
    """Whether the payload names the person's workspace as another than the one it came for, and Slack did
    not vouch (users.info) that the person is ours and of that very workspace (another of our Enterprise
    Grid). Which workspace it came for unknown, a named one is a doubt, and a doubt is another team."""
    if not users_team:
        return False
    vouched = not person.external and person.team_id == users_team
    return users_team != workspace and not vouched


def _malformed(user_id: object, channel_id: object) -> Seen:
    person = NO_PERSON if user_id is None else CAREFUL_PERSON
    return Seen(person, channel_id is not None, False)


def _may_be_shared(channel_id: str | None) -> bool:
    # A direct message is never a shared channel; no channel at all (App Home) is not one either.
    return bool(channel_id) and not channel_id.startswith("D")


def _result(future: Future, deadline: float):
    try:
        return future.result(timeout=max(0.0, deadline - time.monotonic()))
    except FutureTimeout:
        return None


def _reason(error: Exception) -> str:
    response = getattr(error, "response", None)
    if response is not None and hasattr(response, "get"):
        return str(response.get("error") or type(error).__name__)
    return type(error).__name__
