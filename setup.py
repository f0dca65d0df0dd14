"""Packaging hook: a built package (wheel, `pip install .`, a git URL) carries the shipped ONNX
models inside `vision/models/`, while the repository keeps them in its top-level `models/`
(vision.detect.detector.default_model_dir looks in the package first). Everything else is in
pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

MODELS = ("detector.onnx", "classifier.onnx")


class BuildPyWithModels(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads the repository's models/
            return
        target = Path(self.build_lib) / "vision" / "models"
        self.mkpath(str(target))
        for name in MODELS:
            source = Path(__file__).parent / "models" / name
            if not source.exists():
                raise FileNotFoundError(f"{source} is missing: the package would have no detector")
            self.copy_file(str(source), str(target / name))


setup(cmdclass={"build_py": BuildPyWithModels})
