"""REST service over a Detector (FastAPI): POST /detect, POST /detect/batch, GET /health."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from halluseq import __version__
from halluseq.detector import Detector


class DetectRequest(BaseModel):
    context: str = Field(description="the source the answer must be grounded on")
    answer: str = Field(description="the LLM answer to score")
    question: str | None = None
    id: str | None = None


class BatchRequest(BaseModel):
    items: list[DetectRequest] = Field(max_length=1000)


def create_app(detector: Detector, max_body_bytes: int = 10_000_000) -> FastAPI:
    """The service; requests larger than ``max_body_bytes`` get 413, bodies without a length 411."""
    app = FastAPI(title="halluseq", version=__version__,
                  description="Word-level hallucination detection for context-grounded answers.")

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Any:
        if request.method == "POST":
            length = request.headers.get("content-length")
            if length is None:
                return JSONResponse({"detail": "Content-Length required"}, status_code=411)
            if not length.isdigit() or int(length) > max_body_bytes:
                return JSONResponse({"detail": f"request body over {max_body_bytes} bytes"}, status_code=413)
        return await call_next(request)

    @app.get("/health")
    def health() -> dict[str, Any]:
        return {"status": "ok", "version": __version__, "model": detector.model_spec["name"],
                "features": [f["name"] for f in detector.pipeline.to_config()["families"]],
                "threshold": detector.threshold}

    @app.post("/detect")
    def detect(request: DetectRequest) -> dict[str, Any]:
        return detector.predict(request.context, request.answer, request.question, request.id).to_dict()

    @app.post("/detect/batch")
    def detect_batch(request: BatchRequest) -> dict[str, Any]:
        results = detector.predict_batch([item.model_dump() for item in request.items])
        return {"results": [r.to_dict() for r in results]}

    return app
