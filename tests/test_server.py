"""The REST service over real HTTP: an in-process uvicorn server on 127.0.0.1 and the `halluseq serve` command."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
import uvicorn

import halluseq
from halluseq.detector import Detector
from halluseq.server import create_app

CONTEXT = ("The Great Barrier Reef is the world's largest coral reef system, off the coast of Queensland, "
           "Australia. It is composed of over 2,900 individual reefs and 900 islands over an area of about "
           "344,400 square kilometres.")
ANSWER = ("The Great Barrier Reef lies off Queensland and is made of over 2,900 reefs. It was declared a national "
          "park by King George in 1850 and covers 900,000 square kilometres.")
MAX_BODY = 20_000
REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(base: str, path: str, body: bytes | dict | None = None, timeout: float = 30) -> tuple[int, dict]:
    """``(status, decoded JSON)`` of a real HTTP request (GET without a body, POST with one)."""
    data = json.dumps(body).encode("utf-8") if isinstance(body, dict) else body
    request = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def wait_for_health(base: str, timeout: float, alive=lambda: True) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert alive(), "the server stopped before answering"
        try:
            status, payload = call(base, "/health", timeout=2)
            if status == 200:
                return payload
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            pass
        time.sleep(0.2)
    raise AssertionError(f"{base}/health did not answer within {timeout} s")


@pytest.fixture(scope="module")
def detector() -> Detector:
    return Detector.from_pretrained()


@pytest.fixture(scope="module")
def base_url(detector):
    port = free_port()
    config = uvicorn.Config(create_app(detector, max_body_bytes=MAX_BODY), host="127.0.0.1", port=port,
                            log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_health(base, 30, alive=thread.is_alive)
        yield base
    finally:
        server.should_exit = True
        thread.join(timeout=15)
    assert not thread.is_alive()


def test_health(base_url, detector):
    status, payload = call(base_url, "/health")
    assert status == 200
    assert payload["status"] == "ok"
    assert payload["model"] == detector.model_spec["name"] == "ensemble"  # three seeds of one BiGRU-CRF
    assert payload["ensemble"] == {"member": "bigru_crf", "size": 3}
    assert payload["version"] == halluseq.__version__
    assert payload["features"] == ["text", "align", "discourse", "abstention", "slots", "forms", "quantities"]
    assert payload["threshold"] == pytest.approx(detector.threshold)


def test_detect_matches_the_in_process_detector(base_url, detector):
    status, payload = call(base_url, "/detect", {"context": CONTEXT, "answer": ANSWER, "question": "Reef?",
                                                 "id": "reef"})
    assert status == 200
    local = detector.predict(CONTEXT, ANSWER, "Reef?", "reef")
    assert payload["status"] == "ok" and payload["id"] == "reef"
    assert "answer" not in payload
    assert [(w["text"], w["start"], w["end"]) for w in payload["words"]] == \
        [(w.text, w.start, w.end) for w in local.words]
    np.testing.assert_allclose([w["prob"] for w in payload["words"]], [w.prob for w in local.words],
                               rtol=0, atol=1e-6)
    assert payload["score"] == pytest.approx(local.score, abs=1e-6)
    assert payload["hallucinated"] == local.hallucinated
    assert [(s["start"], s["end"]) for s in payload["spans"]] == [(s.start, s.end) for s in local.spans]
    assert [c["reason"] for c in payload["claims"]] == [c.reason for c in local.claims]


def test_detect_batch_keeps_order(base_url, detector):
    items = [
        {"id": "one", "context": CONTEXT, "answer": ANSWER},
        {"id": "two", "context": "", "answer": "No context at all."},
        {"id": "three", "context": CONTEXT, "answer": "The reef is off the coast of Queensland."},
    ]
    status, payload = call(base_url, "/detect/batch", {"items": items})
    assert status == 200
    results = payload["results"]
    assert [r["id"] for r in results] == ["one", "two", "three"]
    assert [r["status"] for r in results] == ["ok", "skipped", "ok"]
    assert "context" in results[1]["reason"]
    for item, result in zip(items, results, strict=True):
        if result["status"] == "ok":
            local = detector.predict(item["context"], item["answer"])
            np.testing.assert_allclose([w["prob"] for w in result["words"]], [w.prob for w in local.words],
                                       rtol=0, atol=1e-6)


def test_concurrent_requests_get_their_own_answers(base_url, detector):
    answers = [f"The reef has {n} islands and {n * 3} reefs off Queensland." for n in range(1, 9)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        replies = list(pool.map(lambda a: call(base_url, "/detect", {"context": CONTEXT, "answer": a, "id": a}),
                                answers))
    for answer, (status, payload) in zip(answers, replies, strict=True):
        assert status == 200 and payload["id"] == answer
        local = detector.predict(CONTEXT, answer)
        np.testing.assert_allclose([w["prob"] for w in payload["words"]], [w.prob for w in local.words],
                                   rtol=0, atol=1e-6)


def test_missing_answer_is_422(base_url):
    status, payload = call(base_url, "/detect", {"context": CONTEXT})
    assert status == 422
    assert any("answer" in error["loc"] for error in payload["detail"])


def test_wrong_type_is_422(base_url):
    status, payload = call(base_url, "/detect", {"context": CONTEXT, "answer": ["not", "a", "string"]})
    assert status == 422 and "detail" in payload


def test_non_json_body_is_a_client_error(base_url):
    status, payload = call(base_url, "/detect", b"this is {not json")
    assert 400 <= status < 500
    assert "detail" in payload


def test_oversized_body_is_413(base_url):
    big = {"context": "word " * (MAX_BODY // 5 + 10), "answer": "word"}
    assert len(json.dumps(big)) > MAX_BODY
    status, payload = call(base_url, "/detect", big)
    assert status == 413
    assert str(MAX_BODY) in payload["detail"]
    status, payload = call(base_url, "/detect/batch", {"items": [big]})
    assert status == 413


def test_a_body_of_megabytes_over_the_limit_still_reads_its_413(detector):
    """The client is still sending when the server refuses: without reading the body it would see a broken pipe."""
    base, stop = serve_in_thread(detector, max_body_bytes=1_000_000)
    try:
        status, payload = call(base, "/detect", {"context": "word " * 1_000_000, "answer": "word"})
        assert status == 413 and "over 1000000 bytes" in payload["detail"]
        assert call(base, "/detect", {"context": CONTEXT, "answer": ANSWER})[0] == 200
    finally:
        stop()


def test_body_without_length_is_411(base_url):
    host, port = base_url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        body = iter([json.dumps({"context": CONTEXT, "answer": ANSWER}).encode("utf-8")])
        connection.request("POST", "/detect", body=body, headers={"Content-Type": "application/json"},
                           encode_chunked=True)
        response = connection.getresponse()
        assert response.status == 411
        assert "detail" in json.loads(response.read())
    finally:
        connection.close()


def test_openapi_lists_the_routes(base_url):
    status, schema = call(base_url, "/openapi.json")
    assert status == 200
    assert {"/detect", "/detect/batch", "/health"} <= set(schema["paths"])
    assert "post" in schema["paths"]["/detect"] and "post" in schema["paths"]["/detect/batch"]
    assert "get" in schema["paths"]["/health"]


def test_serve_command_end_to_end(tmp_path, detector):
    port = free_port()
    log = tmp_path / "serve.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with log.open("wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "halluseq.cli", "serve", "--port", str(port)],
                                   cwd=REPO, stdout=sink, stderr=subprocess.STDOUT, env=env)
    try:
        base = f"http://127.0.0.1:{port}"
        health = wait_for_health(base, 60, alive=lambda: process.poll() is None)
        assert health["status"] == "ok" and health["model"] == "ensemble"
        status, payload = call(base, "/detect", {"context": CONTEXT, "answer": ANSWER})
        assert status == 200 and payload["status"] == "ok"
        local = detector.predict(CONTEXT, ANSWER)
        np.testing.assert_allclose([w["prob"] for w in payload["words"]], [w.prob for w in local.words],
                                   rtol=0, atol=1e-6)
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
    output = log.read_text(encoding="utf-8", errors="replace")
    assert f"http://127.0.0.1:{port}" in output, output  # bound to the loopback address by default
    assert "0.0.0.0" not in output


# ---- micro-batching, back-pressure, time budget, shutdown ----------------------------------------------------

def long_answer(words: int) -> str:
    """A long answer (one sentence per 12 words) built from the reef context's words plus a few novel ones."""
    vocabulary = CONTEXT.replace(".", "").split() + ["1850", "King", "George", "declared"]
    picked = [vocabulary[(i * 7) % len(vocabulary)] for i in range(words)]
    return " ".join(w + ("." if i % 12 == 11 else "") for i, w in enumerate(picked)) + "."


def serve_in_thread(detector, **options):
    """``(base url, stop)`` of an in-process server created with ``options``."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(detector, **options), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    wait_for_health(base, 30, alive=thread.is_alive)

    def stop():
        server.should_exit = True
        thread.join(timeout=15)
        assert not thread.is_alive()
    return base, stop


def test_concurrent_requests_are_scored_in_shared_batches_with_equal_results(detector):
    base, stop = serve_in_thread(detector, batch_window_s=0.3)
    try:
        answers = [f"The reef has {n} islands off Queensland, declared in {1800 + n}." for n in range(8)]
        with ThreadPoolExecutor(max_workers=8) as pool:
            replies = list(pool.map(lambda a: call(base, "/detect", {"context": CONTEXT, "answer": a}), answers))
        queue_state = call(base, "/health")[1]["queue"]
        assert queue_state["scored_requests"] == 8 and queue_state["scored_batches"] < 8
        for answer, (status, payload) in zip(answers, replies, strict=True):
            assert status == 200
            alone = detector.predict(CONTEXT, answer)
            np.testing.assert_allclose([w["prob"] for w in payload["words"]], [w.prob for w in alone.words],
                                       rtol=0, atol=1e-6)
    finally:
        stop()


class GatedDetector:
    """The real detector whose ``predict_batch`` waits for ``release`` once started: a batch stays in
    flight for as long as a test needs, whatever the machine's speed."""

    def __init__(self, detector: Detector):
        self._detector, self.started, self.release = detector, threading.Event(), threading.Event()

    def __getattr__(self, name: str):
        return getattr(self._detector, name)

    def predict_batch(self, items):
        self.started.set()
        assert self.release.wait(60), "the test never released the gated batch"
        return self._detector.predict_batch(items)


def wait_until(condition, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not reached in time"
        time.sleep(0.01)


def test_a_full_queue_answers_503_with_retry_after(detector):
    from halluseq.serving import MicroBatcher, Overloaded

    gated = GatedDetector(detector)
    batcher = MicroBatcher(gated, max_queue=1, window_s=0)
    try:
        busy = batcher.submit([{"context": CONTEXT, "answer": ANSWER}])
        wait_until(gated.started.is_set)  # the worker holds the first job
        waiting = batcher.submit([{"context": CONTEXT, "answer": ANSWER}])
        with pytest.raises(Overloaded, match="1 requests are already waiting"):
            batcher.submit([{"context": CONTEXT, "answer": ANSWER}])
        gated.release.set()
        assert busy.result(timeout=60)[0].status == "ok" and waiting.result(timeout=60)[0].status == "ok"
    finally:
        gated.release.set()
        batcher.close()
    gated = GatedDetector(detector)
    base, stop = serve_in_thread(gated, max_queue=1, batch_window_s=0)
    try:
        request = urllib.request.Request(base + "/detect", headers={"Content-Type": "application/json"},
                                         data=json.dumps({"context": CONTEXT, "answer": ANSWER}).encode())
        with ThreadPoolExecutor(max_workers=2) as pool:
            scored = pool.submit(call, base, "/detect", {"context": CONTEXT, "answer": ANSWER}, 60)
            wait_until(gated.started.is_set)  # being scored
            queued = pool.submit(call, base, "/detect", {"context": CONTEXT, "answer": ANSWER}, 60)
            wait_until(lambda: call(base, "/health")[1]["queue"]["waiting"] == 1)  # the queue of one is full
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=30)
            gated.release.set()
            assert scored.result()[0] == 200 and queued.result()[0] == 200
        assert refused.value.code == 503 and refused.value.headers["Retry-After"] == "1"
        assert "busy" in json.loads(refused.value.read())["detail"]
    finally:
        gated.release.set()
        stop()


def test_a_request_over_the_time_budget_answers_504_and_the_server_goes_on(detector):
    gated = GatedDetector(detector)
    base, stop = serve_in_thread(gated, time_budget_s=0.2)
    try:
        status, payload = call(base, "/detect", {"context": CONTEXT, "answer": ANSWER}, 60)
        assert status == 504 and "time budget of 0.2 s" in payload["detail"]
        gated.release.set()  # the batch had started: it finishes, then the worker is free again
        wait_until(lambda: call(base, "/health")[1]["queue"]["scored_requests"] >= 1, 60)
        status, payload = call(base, "/detect", {"context": CONTEXT, "answer": "The reef is off Queensland."})
        assert status == 200 and payload["status"] == "ok"
    finally:
        gated.release.set()
        stop()


def test_sigterm_stops_a_busy_server_within_seconds(tmp_path):
    port = free_port()
    with (tmp_path / "serve.log").open("wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "halluseq.cli", "serve", "--port", str(port),
                                    "--grace", "1"], cwd=REPO, stdout=sink, stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_health(base, 60, alive=lambda: process.poll() is None)
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(_swallow, call, base, "/detect", {"context": CONTEXT, "answer": long_answer(200_000)}, 120)
            time.sleep(1.0)  # the long request is being scored
            stopped = time.monotonic()
            process.terminate()
            process.wait(timeout=20)
            assert time.monotonic() - stopped < 10
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=5)


def _swallow(function, *args):
    try:
        return function(*args)
    except (urllib.error.URLError, ConnectionError, OSError, http.client.HTTPException):
        return None

