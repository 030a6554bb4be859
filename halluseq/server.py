"""REST service over a Detector (FastAPI): POST /detect, POST /detect/batch, GET /health.

Scoring runs in one worker thread that micro-batches concurrent requests (:mod:`halluseq.serving`). A full
queue answers 503 with ``Retry-After``; a request not scored within ``time_budget_s`` answers 504 (and is
dropped if its batch has not started). Results equal those of the detector called alone.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from halluseq import __version__
from halluseq.detector import Detector
from halluseq.serving import MicroBatcher, Overloaded

DRAINED_BODY_FACTOR = 10
"""An oversized body up to this many times the limit is read and dropped before the 413 goes out: a client still
sending when the server answers sees a broken pipe, not the reason. Larger ones are cut off at once."""


class DetectRequest(BaseModel):
    context: str = Field(description="the source the answer must be grounded on")
    answer: str = Field(description="the LLM answer to score")
    question: str | None = None
    id: str | None = None


class BatchRequest(BaseModel):
    items: list[DetectRequest] = Field(max_length=1000)


def create_app(detector: Detector, max_body_bytes: int = 10_000_000, max_queue: int = 64,
               batch_window_s: float = 0.01, time_budget_s: float = 60.0) -> FastAPI:
    """The service; requests larger than ``max_body_bytes`` get 413, bodies without a length 411, requests beyond
    ``max_queue`` waiting 503, requests not scored within ``time_budget_s`` 504."""
    batcher = MicroBatcher(detector, max_queue=max_queue, window_s=batch_window_s)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        batcher.close()

    app = FastAPI(title="halluseq", version=__version__, lifespan=lifespan,
                  description="Word-level hallucination detection for context-grounded answers.")

    async def scored(items: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        try:
            future = batcher.submit(items)
        except Overloaded as error:
            raise HTTPException(503, detail=f"server busy: {error}; retry later", headers={"Retry-After": "1"}) \
                from None
        try:
            results = await asyncio.wait_for(asyncio.wrap_future(future), timeout=time_budget_s)
        except TimeoutError:
            future.cancel()
            raise HTTPException(504, detail=f"not scored within the server's time budget of {time_budget_s:g} s "
                                            "(server busy or answer too costly); retry later or send less") from None
        return [r.to_dict() for r in results]

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Any:
        if request.method == "POST":
            length = request.headers.get("content-length")
            if length is None:
                return JSONResponse({"detail": "Content-Length required"}, status_code=411)
            if not length.isdigit() or int(length) > max_body_bytes:
                if length.isdigit() and int(length) <= DRAINED_BODY_FACTOR * max_body_bytes:
                    async for _ in request.stream():  # read to the end, so the client gets to read the 413
                        pass
                return JSONResponse({"detail": f"request body over {max_body_bytes} bytes"}, status_code=413)
        return await call_next(request)

    @app.get("/health")
    def health() -> dict[str, Any]:
        ensemble = {"ensemble": detector.ensemble} if detector.ensemble else {}
        return {"status": "ok", "version": __version__, "model": detector.model_spec["name"], **ensemble,
                "features": [f["name"] for f in detector.pipeline.to_config()["families"]],
                "threshold": detector.threshold, "licence": detector.licence,
                "queue": {"waiting": batcher.depth, "limit": max_queue, "scored_requests": batcher.requests,
                          "scored_batches": batcher.batches}}

    @app.post("/detect")
    async def detect(request: DetectRequest) -> dict[str, Any]:
        return (await scored([request.model_dump()]))[0]

    @app.post("/detect/batch")
    async def detect_batch(request: BatchRequest) -> dict[str, Any]:
        return {"results": await scored([item.model_dump() for item in request.items])}

    return app
