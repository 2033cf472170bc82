import pytest

from vqdb.config import Config
from vqdb.errors import ConfigError


def test_environment_and_overrides(monkeypatch, tmp_path):
    monkeypatch.setenv("VQDB_SAMPLE_FPS", "2.5")
    monkeypatch.setenv("VQDB_EXTRACTORS", "ocr, asr")
    monkeypatch.setenv("VQDB_PROGRESS", "false")
    config = Config.load(tmp_path, overrides={"jobs": 3})
    assert config.sample_fps == 2.5
    assert config.extractors == ("ocr", "asr")
    assert config.progress is False
    assert config.jobs == 3


def test_corpus_file_is_read_and_overridden_by_environment(monkeypatch, tmp_path):
    (tmp_path / "vqdb.toml").write_text('sample_fps = 0.5\nembed_model = "/models/siglip"\n')
    assert Config.load(tmp_path).embed_model == "/models/siglip"
    monkeypatch.setenv("VQDB_SAMPLE_FPS", "4")
    assert Config.load(tmp_path).sample_fps == 4.0


def test_bad_values_name_the_setting(tmp_path):
    with pytest.raises(ConfigError, match="sample_fps"):
        Config(sample_fps=0)
    with pytest.raises(ConfigError, match="unknown extractor"):
        Config(extractors=("ocr", "vision"))
    (tmp_path / "vqdb.toml").write_text("sampel_fps = 1\n")
    with pytest.raises(ConfigError, match="sampel_fps"):
        Config.load(tmp_path)
    with pytest.raises(ConfigError, match="jobs='many'"):
        Config.load(overrides={"jobs": "many"})


BAD_FILES = {  # vqdb.toml -> the line it fails on, and what the error says
    "not toml": (b"sample_fps = 1.0\njobs = 2\nthis is not toml\n", 3, "not TOML"),
    "not utf-8": (b"sample_fps = 1.0\n\n# \xf8\x81 garbage\n", 3, "not UTF-8"),
    "wrong type": (b'sample_fps = 1.0\n# the workers\njobs = "two"\n', 3, "jobs = 'two' must be a whole number"),
    "a fraction for a count": (b"jobs = 2.5\n", 1, "must be a whole number"),
    "a word for a flag": (b'jobs = 2\nprogress = "maybe"\n', 2, "progress = 'maybe' must be true or false"),
    "out of range": (b"jobs = 2\n\nsample_fps   =   0\n", 3, "sample_fps must be above 0"),
    "unknown choice": (b'engine = "spark"\n', 1, "engine must be one of local, ray"),
    "unknown extractor": (b'jobs = 1\nextractors = ["ocr", "vision"]\n', 2, "unknown extractor(s) ['vision']"),
    "unknown key": (b'jobs = 1\n"sampel_fps" = 1\n', 2, "unknown setting 'sampel_fps'"),
    "unknown table": (b"jobs = 1\n[ingest]\nsample_fps = 1\n", 2, "unknown setting 'ingest'"),
}


@pytest.mark.parametrize("content, line, what", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_settings_file_is_named_with_the_line_it_fails_on(tmp_path, monkeypatch, content, line, what):
    monkeypatch.setenv("VQDB_CONFIG", str(tmp_path / "no-user-config.toml"))
    (tmp_path / "vqdb.toml").write_bytes(content)
    with pytest.raises(ConfigError) as raised:
        Config.load(tmp_path)
    message = str(raised.value)
    assert f"{tmp_path / 'vqdb.toml'}" in message and f"line {line}" in message and what in message, message
    assert "\n" not in message


def test_a_flag_from_the_environment_is_a_known_word(monkeypatch):
    monkeypatch.setenv("VQDB_PROGRESS", "off")
    assert Config.load().progress is False
    monkeypatch.setenv("VQDB_PROGRESS", "maybe")
    with pytest.raises(ConfigError, match="progress='maybe'"):
        Config.load()


def test_chat_model_settings_from_files_environment_and_overrides(monkeypatch, tmp_path):
    for role in ("LLM", "VLM"):
        for setting in ("BACKEND", "BASE_URL", "MODEL", "API_KEY"):
            monkeypatch.delenv(f"VQDB_{role}_{setting}", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.setenv("VQDB_CONFIG", str(tmp_path / "no-user-config.toml"))
    (tmp_path / "vqdb.toml").write_text('vlm_backend = "transformers"\nvlm_model = "/models/smolvlm"\n')
    monkeypatch.setenv("VQDB_LLM_BASE_URL", "http://localhost:8000/v1")
    monkeypatch.setenv("VQDB_LLM_MODEL", "qwen2.5")
    monkeypatch.setenv("VQDB_LLM_API_KEY", "sk-llm")
    config = Config.load(tmp_path, overrides={"vlm_model": "/models/other"})
    assert (config.llm_backend, config.llm_base_url, config.llm_model) == ("", "http://localhost:8000/v1", "qwen2.5")
    assert (config.llm_api_key, config.vlm_api_key) == ("sk-llm", "")
    assert (config.vlm_backend, config.vlm_model) == ("transformers", "/models/other")


def test_openai_api_key_is_the_lowest_priority_key(monkeypatch, tmp_path):
    monkeypatch.setenv("VQDB_CONFIG", str(tmp_path / "no-user-config.toml"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai")
    monkeypatch.delenv("VQDB_LLM_API_KEY", raising=False)
    monkeypatch.delenv("VQDB_VLM_API_KEY", raising=False)
    assert (Config.load().llm_api_key, Config.load().vlm_api_key) == ("sk-openai", "sk-openai")
    (tmp_path / "vqdb.toml").write_text('vlm_api_key = "sk-file"\n')
    monkeypatch.setenv("VQDB_LLM_API_KEY", "sk-llm")
    config = Config.load(tmp_path)
    assert (config.llm_api_key, config.vlm_api_key) == ("sk-llm", "sk-file")
    assert Config().llm_api_key == ""  # only load() reads the environment


def test_api_keys_stay_out_of_the_repr():
    config = Config(llm_api_key="sk-secret-llm", vlm_api_key="sk-secret-vlm", llm_model="qwen2.5")
    assert "sk-secret" not in repr(config) and "sk-secret" not in str(config)
    assert "llm_model='qwen2.5'" in repr(config)


def test_api_keys_are_not_written_to_the_corpus(tmp_path, sample_media):
    import vqdb

    with vqdb.connect(tmp_path / "c", llm_api_key="sk-secret-llm", vlm_api_key="sk-secret-vlm", progress=False) as c:
        assert c.ingest(sample_media / "birds.mp4", extractors=["subtitles"]).ok
    written = [p for p in (tmp_path / "c").rglob("*") if p.is_file()]
    assert written and not [p for p in written if b"sk-secret" in p.read_bytes()]
