"""A tiny CouchDB-compatible server for the live-preview benchmark: one database, in memory.

Usage: couch.py DUMP   serves the `_all_docs` dump DUMP, and prints the database's URL.

It answers what `wikisite build` and `wikisite serve` ask of a database, and nothing more:

| request | answer |
| --- | --- |
| `GET /db` | the database's information |
| `GET /db/_changes` | `since`, `limit`, `include_docs`; `feed=longpoll` waits for a change |
| `GET /db/ID?open_revs=all` | the document's one leaf, as `[{"ok": …}]` |
| `PUT /db/ID` | stores the body as the document's new revision, its `_rev` as given |

Every document has one revision (no conflicts), so `style=all_docs` and `conflicts` change
nothing. A longpoll with no change answers after at most `MAX_WAIT` seconds, without heartbeats.

The tests' fake server (Tests/WikiCouchTests) is a test-support class, bounded in requests and
lifetime: it cannot be started from a script, hence this one.
"""

import json
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_WAIT = 20.0  # seconds a longpoll waits at most; under the client's 60 s read timeout


class Database:
    """Documents in sequence order: `log[s - 1]` is the ID changed at sequence `s`, or None once
    a later sequence changed it again."""

    def __init__(self, documents):
        self.changed = threading.Condition()
        self.bodies = {}  # ID -> (sequence, revision, JSON bytes)
        self.log = []
        for document in documents:
            self.store(document)

    def store(self, document):
        """Adds `document` (a dict with `_id` and `_rev`) as the newest change; returns its sequence."""
        with self.changed:
            previous = self.bodies.get(document["_id"])
            if previous:
                self.log[previous[0] - 1] = None
            self.log.append(document["_id"])
            sequence = len(self.log)
            body = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
            self.bodies[document["_id"]] = (sequence, document["_rev"], body)
            self.changed.notify_all()
            return sequence

    def changes(self, since, limit, include_docs):
        """The `_changes` body after `since`: at most `limit` rows, with `pending`."""
        with self.changed:
            rows = []
            sequence = since
            pending = 0
            for sequence_index in range(since, len(self.log)):
                identifier = self.log[sequence_index]
                if identifier is None:
                    continue
                if len(rows) == limit:
                    pending += 1
                    continue
                _, revision, body = self.bodies[identifier]
                row = b'{"seq":%d,"id":%s,"changes":[{"rev":%s}]' % (
                    sequence_index + 1, json.dumps(identifier).encode(), json.dumps(revision).encode())
                rows.append(row + (b',"doc":' + body if include_docs else b"") + b"}")
                sequence = sequence_index + 1
            if not rows:
                sequence = len(self.log)
            return b'{"results":[%s],"last_seq":%d,"pending":%d}' % (b",".join(rows), sequence, pending)

    def wait(self, since, seconds):
        """Waits until a change comes after `since`, for at most `seconds`."""
        with self.changed:
            self.changed.wait_for(lambda: len(self.log) > since, timeout=seconds)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # else each answer waits for the client's delayed ACK, 40 ms
    database = None  # the Database, set by serve()
    name = "bench"

    def log_message(self, *arguments):
        pass

    def answer(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def parts(self):
        url = urllib.parse.urlsplit(self.path)
        segments = [urllib.parse.unquote(segment) for segment in url.path.split("/")[1:]]
        query = dict(urllib.parse.parse_qsl(url.query))
        if not segments or segments[0] != self.name:
            return None, query
        return "/".join(segments[1:]), query

    def do_GET(self):
        rest, query = self.parts()
        if rest is None:
            self.answer(404, b'{"error":"not_found","reason":"Database does not exist."}')
        elif rest == "":
            self.answer(200, b'{"db_name":"%s","update_seq":%d}' % (self.name.encode(), len(self.database.log)))
        elif rest == "_changes":
            self.changes(query)
        elif rest in self.database.bodies and "open_revs" in query:
            self.answer(200, b'[{"ok":' + self.database.bodies[rest][2] + b"}]")
        else:
            self.answer(404, b'{"error":"not_found","reason":"missing"}')

    def changes(self, query):
        since = int(query.get("since", "0"))
        limit = int(query.get("limit", "1000000000"))
        if query.get("feed") == "longpoll":
            timeout = int(query.get("timeout", "60000")) / 1000
            self.database.wait(since, min(timeout, MAX_WAIT))
        self.answer(200, self.database.changes(since, limit, query.get("include_docs") == "true"))

    def do_PUT(self):
        rest, _ = self.parts()
        document = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if rest is None or document.get("_id") != rest:
            self.answer(400, b'{"error":"bad_request","reason":"the body\'s _id is not the path\'s"}')
            return
        self.database.store(document)
        self.answer(201, json.dumps({"ok": True, "id": rest, "rev": document["_rev"]}).encode())


def main(dump):
    """Serves the documents of the `_all_docs` dump `dump` on a free loopback port, and prints
    the database's URL once it answers. Runs until killed."""
    with open(dump, encoding="utf-8") as file:
        documents = [row["doc"] for row in json.load(file)["rows"]]
    handler = type("BenchHandler", (Handler,), {"database": Database(documents)})
    del documents
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    print(f"http://127.0.0.1:{server.server_address[1]}/{Handler.name}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main(sys.argv[1])
