"""Leads on a real SQLite file: the workflow a rep follows, who did what and when, and the mistakes it
refuses with one sentence."""

import itertools
import sqlite3
import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlite_utils import Database

from bot.log.leads import OPEN, STATUSES, LeadError, Leads
from bot.log.requestlog import RequestLog

START = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


class Clock:
    """A minute passes at each reading, so every change has its own time."""

    def __init__(self, start=START):
        self.now = start

    def __call__(self):
        self.now += timedelta(minutes=1)
        return self.now.isoformat(timespec="milliseconds")


@pytest.fixture
def path(tmp_path):
    return tmp_path / "log.db"


@pytest.fixture
def leads(path):
    return Leads(path, clock=Clock())


def new_lead(leads, **fields):
    values = {
        "source": "proposal",
        "request_key": "k1",
        "team_id": "T1",
        "channel_id": "C1",
        "user_id": "U_ASKED",
        "model_id": "llama-3.1-70b",
        "stage": "inference",
        "precision": "int4",
        "summary": "Llama 3.1 70B · INT4 · 32k ctx · 10×",
        "recommendation": "2× H100 SXM 80 GB",
        "contract_mode": "reserved",
        "total_bytes": 148_300_000_000,
    }
    return leads.create(**{**values, **fields})


def at(minutes):
    return (START + timedelta(minutes=minutes)).isoformat(timespec="milliseconds")


def test_a_lead_goes_from_new_to_won_with_who_and_when_at_each_step(leads):
    lead = new_lead(leads)
    assert lead["status"] == "new" and lead["owner"] is None and lead["user_external"] == 0
    assert lead["created_at"] == lead["updated_at"] == at(1)
    assert (lead["summary"], lead["total_bytes"], lead["source"]) == (
        "Llama 3.1 70B · INT4 · 32k ctx · 10×",
        148_300_000_000,
        "proposal",
    )

    lead = leads.claim(lead["id"], "U_REP")
    assert lead["owner"] == "U_REP" and lead["updated_at"] == at(2)
    for status in ("contacted", "proposal_sent"):
        lead = leads.move(lead["id"], status, "U_REP")
    lead = leads.add_note(lead["id"], "U_REP", "Cliente quer começar em janeiro")
    lead = leads.move(lead["id"], "won", "U_BOSS", note="fechado: 2× H100 por 12 meses")

    assert lead["status"] == "won" and lead["note"] == "fechado: 2× H100 por 12 meses"
    assert lead["updated_at"] == at(6) and lead["created_at"] == at(1)
    events = [
        (e["at"], e["by"], e["action"], e["from_status"], e["to_status"], e["note"])
        for e in leads.events(lead["id"])
    ]
    assert events == [
        (at(1), "U_ASKED", "created", None, "new", None),
        (at(2), "U_REP", "claimed", None, None, None),
        (at(3), "U_REP", "status", "new", "contacted", None),
        (at(4), "U_REP", "status", "contacted", "proposal_sent", None),
        (at(5), "U_REP", "note", None, None, "Cliente quer começar em janeiro"),
        (at(6), "U_BOSS", "status", "proposal_sent", "won", "fechado: 2× H100 por 12 meses"),
    ]
    assert leads.get(lead["id"]) == lead


def test_claiming_someone_elses_lead_reassigns_it_and_says_so(leads):
    lead = new_lead(leads)
    leads.claim(lead["id"], "U_ANA")
    lead = leads.claim(lead["id"], "U_BIA")
    assert lead["owner"] == "U_BIA"
    claims = [(e["by"], e["note"]) for e in leads.events(lead["id"]) if e["action"] == "claimed"]
    assert claims == [("U_ANA", None), ("U_BIA", "reassigned from U_ANA")]


def test_claiming_ones_own_lead_again_changes_nothing(leads):
    lead = leads.claim(new_lead(leads)["id"], "U_ANA")
    assert leads.claim(lead["id"], "U_ANA") == lead  # a double click
    assert [e["action"] for e in leads.events(lead["id"])] == ["created", "claimed"]


def test_any_status_may_follow_any_other_but_not_itself(leads):
    lead = new_lead(leads)
    for status in ("won", "new", "not_lead", "contacted", "lost", "proposal_sent"):
        lead = leads.move(lead["id"], status, "U_REP")
        assert lead["status"] == status
    with pytest.raises(LeadError, match="already proposal_sent"):
        leads.move(lead["id"], "proposal_sent", "U_REP")
    assert len(leads.events(lead["id"])) == 7


def test_a_blank_note_on_a_move_is_no_note(leads):
    lead = leads.add_note(new_lead(leads)["id"], "U_REP", "ligar segunda")
    lead = leads.move(lead["id"], "contacted", "U_REP", note="  ")
    assert lead["note"] == "ligar segunda"
    assert leads.events(lead["id"])[-1]["note"] is None


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (lambda s, i: s.move(i, "closed", "U_REP"), "unknown status 'closed'"),
        (lambda s, i: s.add_note(i, "U_REP", "x" * 501), "limited to 500 characters"),
        (lambda s, i: s.add_note(i, "U_REP", "   "), "the note is empty"),
        (lambda s, i: s.move(i, "lost", "U_REP", note="y" * 501), "limited to 500 characters"),
        (lambda s, i: s.claim(999, "U_REP"), "there is no lead #999"),
        (lambda s, i: s.move(999, "won", "U_REP"), "there is no lead #999"),
        (lambda s, i: s.add_note(999, "U_REP", "oi"), "there is no lead #999"),
        (lambda s, i: s.set_card(999, "C1", "1.0"), "there is no lead #999"),
        (lambda s, i: new_lead(s, source="email"), "unknown lead source"),
        (lambda s, i: s.list(status="closed"), "unknown status"),
    ],
)
def test_mistakes_raise_one_short_sentence_and_change_nothing(leads, action, message):
    lead = new_lead(leads)
    with pytest.raises(LeadError, match=message):
        action(leads, lead["id"])
    assert leads.get(lead["id"]) == lead
    assert len(leads.events(lead["id"])) == 1


def test_a_note_of_exactly_500_characters_is_kept(leads):
    lead = leads.add_note(new_lead(leads)["id"], "U_REP", "n" * 500)
    assert lead["note"] == "n" * 500


def test_a_queued_note_replayed_after_a_restart_is_written_once(leads, path):
    # The request log writes a rep's note from its queue, and replays its spool after a restart: the same
    # note at the same time by the same rep is one event; a note for a lead removed since is dropped.
    from bot.log.leads import write_note

    lead = new_lead(leads)
    conn = sqlite3.connect(path, isolation_level=None)
    args = (lead["id"], "U_REP", "  ligar na segunda  ", at(9))
    assert write_note(conn, *args) == {"id": lead["id"], "created": False, "refresh": True}
    assert write_note(conn, *args) is None
    assert write_note(conn, lead["id"] + 1, "U_REP", "outro", at(9)) is None
    assert write_note(conn, lead["id"], "U_REP", "   ", at(10)) is None
    conn.close()
    assert leads.get(lead["id"])["note"] == "ligar na segunda"
    assert [(e["by"], e["note"]) for e in leads.events(lead["id"]) if e["action"] == "note"] == [
        ("U_REP", "ligar na segunda")
    ]


def test_the_card_is_remembered_without_an_event(leads):
    lead = new_lead(leads)
    leads.set_card(lead["id"], "CSALES", "1700000000.000100")
    stored = leads.get(lead["id"])
    assert (stored["card_channel"], stored["card_ts"]) == ("CSALES", "1700000000.000100")
    assert [e["action"] for e in leads.events(lead["id"])] == ["created"]
    assert leads.get(12345) is None


def test_list_filters_by_status_owner_and_open_newest_first(leads):
    ids = {}
    for name, status, owner in [
        ("a", "new", None),
        ("b", "contacted", "U_ANA"),
        ("c", "won", "U_ANA"),
        ("d", "proposal_sent", "U_BIA"),
        ("e", "lost", "U_BIA"),
    ]:
        lead = new_lead(leads, summary=name)
        if owner:
            leads.claim(lead["id"], owner)
        if status != "new":
            leads.move(lead["id"], status, owner)
        ids[name] = lead["id"]

    def names(rows):
        return [r["summary"] for r in rows]

    assert names(leads.list()) == ["e", "d", "c", "b", "a"]
    assert names(leads.list(status="won")) == ["c"]
    assert names(leads.list(owner="U_ANA")) == ["c", "b"]
    assert names(leads.list(open_only=True)) == ["d", "b", "a"]
    assert names(leads.list(owner="U_BIA", open_only=True)) == ["d"]
    assert set(STATUSES) > OPEN


def test_leads_on_a_new_file_create_and_migrate_it(tmp_path):
    path = tmp_path / "folder" / "log.db"
    leads = Leads(path)
    lead = new_lead(leads, user_external=True)
    assert lead["user_external"] == 1 and path.exists()
    with RequestLog(path) as log:  # the bot opens the same file afterwards
        log.record({"surface": "mention", "user_id": "U1", "text": "70b", "outcome": "answered"})
        assert len(log.rows()) == 1
    assert Database(path).execute("pragma journal_mode").fetchone()[0] == "wal"


def test_an_unusable_file_is_a_lead_error(tmp_path):
    folder = tmp_path / "a-folder.db"
    folder.mkdir()
    with pytest.raises(LeadError, match="cannot be opened"):
        Leads(folder).get(1)


def test_two_reps_claiming_at_once_are_serialized(path):
    leads = Leads(path)
    lead = new_lead(leads)
    barrier = threading.Barrier(8)
    errors = []

    def claim(rep):
        try:
            barrier.wait()
            Leads(path).claim(lead["id"], rep)
        except Exception as error:  # pragma: no cover - the assertion below shows it
            errors.append(error)

    workers = [threading.Thread(target=claim, args=(f"U_REP{n}",)) for n in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert errors == []
    claims = [e for e in leads.events(lead["id"]) if e["action"] == "claimed"]
    assert len(claims) == 8
    # Each claim saw the one before it: the chain of "reassigned from" is unbroken.
    assert claims[0]["note"] is None
    for before, after in itertools.pairwise(claims):
        assert after["note"] == f"reassigned from {before['by']}"
    assert leads.get(lead["id"])["owner"] == claims[-1]["by"]
