"""``vqdb serve`` as a user runs it: a process serving the corpus on 127.0.0.1 until it is stopped."""

from __future__ import annotations

from vqdb.cli import main
from vqdb.cli.serve import build_parser


def test_defaults_keep_it_on_this_machine():
    args = build_parser().parse_args(["demo_corpus"])
    assert (args.host, args.port) == ("127.0.0.1", 8765)


def test_serve_refuses_a_path_without_a_corpus(tmp_path, capsys):
    assert main(["serve", str(tmp_path)]) == 1
    assert "is not a vqdb corpus" in capsys.readouterr().err


def test_the_command_serves_the_corpus_until_stopped(demo_corpus, unused_port):
    from tests.serve.conftest import start_serve_command

    port = unused_port
    server, reply = start_serve_command(demo_corpus, port, "/api/corpus")
    try:
        assert reply.status_code == 200 and len(reply.json()["videos"]) == 3
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert f"on http://127.0.0.1:{port}/" in server.stderr.read()


def test_another_host_is_served_with_a_warning(demo_corpus, monkeypatch, capsys):
    import uvicorn

    served = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.update(app=app, **kw))
    assert main(["serve", str(demo_corpus), "--host", "192.168.1.20", "--port", "9000"]) == 0
    assert (served["host"], served["port"]) == ("192.168.1.20", 9000)
    assert "warning: serving on 192.168.1.20" in capsys.readouterr().err
    from starlette.testclient import TestClient

    with TestClient(served["app"], base_url="http://192.168.1.20:9000") as client:  # that host is accepted
        assert client.get("/api/corpus").status_code == 200
