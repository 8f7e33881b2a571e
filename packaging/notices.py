"""The notices a bundle ships: every file PyInstaller collected, attributed to its library.

The spec calls :func:`write_notices` with what PyInstaller collected after trimming. Each
collected file (and each Python module in the executable's archive) is attributed to one
component:

- the app's own files: Shadowdice;
- files a Python distribution installed: the component ``shadowdice.licenses`` names for that
  distribution. The PySide6 wheel carries three: Qt's libraries and plugins, the ICU libraries
  QtCore links against, and the PySide6 bindings; their paths tell them apart;
- files of the Python installation that builds (standard library, its extension modules,
  libpython and the DLLs beside python.exe): Python;
- PyInstaller's bootloader, run-time hooks and the archives it writes: the PyInstaller
  bootloader;
- anything else is a library of the build machine. On Debian and Ubuntu, dpkg names the package
  that installed it; the package's copyright file is its notice, grouped by source package.

A collected file that none of these claims stops the build with its name: a library cannot
enter a bundle without its notice. The folder written holds one text per component and
``index.json``, which the About dialog lists (``shadowdice.licenses.bundled_components``).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import sysconfig
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from importlib.metadata import distributions
from pathlib import Path, PurePath

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from shadowdice.licenses import BUNDLE_ONLY, COMPONENTS, INDEX_FILE, Component  # noqa: E402

#: The committed license texts (resources/licenses/), refreshed by collect_licenses.py.
COMMITTED_TEXTS = ROOT / "resources" / "licenses"

OWN = Component(
    "Shadowdice",
    "shadowdice",
    "MIT",
    ("Shadowdice.txt",),
    "the Shadowdice source repository",
    "this app",
)
BY_NAME = {component.name: component for component in (OWN, *COMPONENTS, *BUNDLE_ONLY)}


def normalised(distribution: str) -> str:
    """A name as packaging compares them: ``PySide6_Essentials`` -> ``pyside6-essentials``."""
    return re.sub(r"[-_.]+", "-", distribution).lower()


#: Which component a distribution's files belong to (PySide6's wheel: see pyside6_part).
BY_DISTRIBUTION = {
    normalised(component.distribution): component.name
    for component in COMPONENTS
    if component.distribution
}
BY_DISTRIBUTION["shadowdice"] = OWN.name


class UnattributedFiles(Exception):
    """Collected files that no component claims: the build must stop."""


@dataclass
class Claim:
    """What one component brings into the bundle."""

    component: Component
    files: set[str] = field(default_factory=set)
    modules: set[str] = field(default_factory=set)


def pyside6_part(relative: PurePath) -> str:
    """The component a file of the PySide6 wheel belongs to: ICU, Qt or PySide6 itself."""
    name = relative.name.lower()
    if name.startswith(("libicu", "icu")):
        return "ICU"
    if relative.parts[:2] == ("PySide6", "Qt") or "plugins" in relative.parts:
        return "Qt"
    if name.startswith(("qt6", "libqt6")):  # Windows: PySide6/Qt6Core.dll
        return "Qt"
    if name.startswith("qt") or "pyside6" in name or relative.suffix in {".py", ".pyi"}:
        return "PySide6 (Qt for Python)"
    return "Qt"  # what the Qt wheel ships beside Qt's libraries (its runtime, its data)


def distribution_files() -> dict[Path, tuple[str, PurePath]]:
    """Every file an installed distribution recorded: its path -> (distribution, path in it)."""
    owners = {}
    for dist in distributions():
        name = normalised(dist.metadata["Name"] or "")
        for file in dist.files or ():
            try:
                owners[Path(dist.locate_file(file)).resolve()] = (name, PurePath(file))
            except OSError:
                continue
    return owners


def python_roots() -> list[Path]:
    """Folders of the Python installation that builds, site-packages excepted."""
    roots = {Path(sys.base_prefix).resolve(), Path(sys.base_exec_prefix).resolve()}
    return sorted(roots)


def site_folders() -> list[Path]:
    """Folders where distributions are installed."""
    paths = sysconfig.get_paths()
    return [Path(paths[key]).resolve() for key in ("purelib", "platlib")]


def is_under(path: Path, folders: list[Path]) -> bool:
    """Whether ``path`` lies in one of ``folders``."""
    return any(path.is_relative_to(folder) for folder in folders)


class Attributor:
    """Tells which component a collected file comes from."""

    def __init__(self) -> None:
        self.owners = distribution_files()
        self.python = python_roots()
        self.sites = site_folders()
        import PyInstaller

        self.pyinstaller = Path(PyInstaller.__file__).resolve().parent
        self.debian: dict[str, DebianPackage] = {}

    def component(self, destination: str, source: str | None) -> str | None:
        """The component's name, or None when nothing claims the file."""
        parts = PurePath(destination).parts
        if parts and (parts[0] in {"shadowdice", "resources", "LICENSE"}):
            return OWN.name
        if parts and parts[0].startswith("shadowdice-") and parts[0].endswith(".dist-info"):
            return OWN.name
        if parts == ("base_library.zip",):
            return "Python"  # the standard library modules the bootloader needs first
        if not source:
            return None
        path = Path(source).resolve()
        if path.is_relative_to(ROOT) and not is_under(path, self.sites):
            return OWN.name
        if path.is_relative_to(self.pyinstaller):
            return "PyInstaller bootloader"
        owner = self.owners.get(path)
        if owner is not None:
            distribution, relative = owner
            if distribution == "pyside6-essentials":
                return pyside6_part(relative)
            return BY_DISTRIBUTION.get(distribution)
        if is_under(path, self.python) and not is_under(path, self.sites):
            return "Python"
        package = self.debian_package(path)
        if package is not None:
            self.debian.setdefault(package.name, package)
            return package.name
        return None

    def debian_package(self, path: Path) -> DebianPackage | None:
        """The Debian source package that installed the library at ``path``, if dpkg knows."""
        if shutil.which("dpkg-query") is None:
            return None
        for candidate in dict.fromkeys(debian_spellings(path)):
            found = subprocess.run(
                ["dpkg-query", "-S", str(candidate)], capture_output=True, text=True
            )
            if found.returncode == 0:
                binary = found.stdout.split(":", 1)[0].strip()
                return DebianPackage.of(binary)
        return None


def debian_spellings(path: Path) -> list[Path]:
    """``path`` as dpkg may have recorded it: as found, resolved, with or without /usr."""
    spellings = []
    for each in (path, path.resolve()):
        text = each.as_posix()
        spellings.append(each)
        if text.startswith("/usr/lib/"):
            spellings.append(Path(text[4:]))
        elif text.startswith("/lib/"):
            spellings.append(Path("/usr" + text))
    return spellings


@dataclass(frozen=True)
class DebianPackage:
    """A Debian source package some collected library came from."""

    name: str
    version: str
    binary: str

    @classmethod
    def of(cls, binary: str) -> DebianPackage:
        """The source package of the installed binary package ``binary``."""
        shown = subprocess.run(
            ["dpkg-query", "-W", "-f=${source:Package}\t${Version}", binary],
            capture_output=True,
            text=True,
            check=True,
        )
        source, version = shown.stdout.split("\t")
        return cls(source, version, binary)

    @property
    def copyright(self) -> Path:
        """The package's copyright file: its notice."""
        return Path("/usr/share/doc") / self.binary / "copyright"

    def component(self) -> Component:
        """The package as a component of the bundle (its files are listed apart)."""
        text = self.copyright.read_text(encoding="utf-8", errors="replace")
        return Component(
            self.name,
            None,
            debian_license(text),
            (f"{self.name}.txt",),
            f"Debian source package {self.name} {self.version}",
            "a system library, taken from the build machine",
            known_version=self.version,
        )


def debian_license(copyright_text: str) -> str:
    """The licenses a machine-readable Debian copyright file names for the upstream files."""
    names = []
    for paragraph in re.split(r"\n\s*\n", copyright_text):
        files = re.search(r"^Files:\s*(.+)$", paragraph, re.MULTILINE)
        if files and files.group(1).strip().startswith("debian/"):
            continue
        for found in re.finditer(r"^License:\s*(\S.*)$", paragraph, re.MULTILINE):
            name = found.group(1).strip()
            if len(name) <= 60:  # a short name, not a sentence of a free-form file
                names.append(name)
    return " AND ".join(dict.fromkeys(names)) if names else "see its notice"


def attribute(entries, pure) -> dict[str, Claim]:
    """Each component with the collected files and modules it brings.

    ``entries`` are PyInstaller's (destination, source, type) of binaries and data files;
    ``pure`` its (module name, source, type) of the modules in the archive.
    """
    attributor = Attributor()
    claims: dict[str, set[str]] = defaultdict(set)
    modules: dict[str, set[str]] = defaultdict(set)
    missing = []
    for destination, source, kind in entries:
        if kind == "SYMLINK":
            continue  # a link to a file that is attributed itself
        name = attributor.component(destination, source)
        if name is None:
            missing.append(f"{destination} (from {source})")
        else:
            claims[name].add(PurePath(destination).as_posix())
    for module, source, _ in pure:
        name = attributor.component(module.replace(".", "/"), source)
        if name is None:
            missing.append(f"module {module} (from {source})")
        else:
            modules[name].add(module.split(".", 1)[0])
    if missing:
        raise UnattributedFiles(
            "These collected files belong to no library with a notice; name their library in "
            "shadowdice/licenses.py (or leave them out in the spec):\n  " + "\n  ".join(missing)
        )
    components = {}
    for name in sorted(set(claims) | set(modules), key=str.lower):
        if name in attributor.debian:
            component = attributor.debian[name].component()
        else:
            component = BY_NAME[name]
        components[name] = Claim(component, claims[name], modules[name])
    return components, attributor.debian


def component_text(component: Component, debian: dict) -> str:
    """The whole license text of a component."""
    if component.name in debian:
        return debian[component.name].copyright.read_text(encoding="utf-8", errors="replace")
    if component.name == "Python":
        for candidate in (
            Path(sys.base_prefix) / "LICENSE.txt",  # Windows: with its DLLs' notices
            Path(sysconfig.get_path("stdlib")) / "LICENSE.txt",
        ):
            if candidate.is_file():
                return candidate.read_text(encoding="utf-8")
    if component is OWN:
        return (ROOT / "LICENSE").read_text(encoding="utf-8")
    return component.texts(COMMITTED_TEXTS)


def write_notices(entries, pure, folder: Path) -> list[tuple[str, str, str]]:
    """Write the notices into ``folder``; returns the data entries that put it in the bundle.

    The bundle gets ``licenses/index.json`` and one text per component.
    """
    claims, debian = attribute(entries, pure)
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    index = []
    for claim in claims.values():
        component = claim.component
        text_name = safe_file_name(component.name) + ".txt"
        (folder / text_name).write_text(component_text(component, debian), encoding="utf-8")
        record = asdict(component)
        record.update(
            files=[text_name],
            known_version=component.version or version_of(component.name, claim.files),
            carries=sorted(claim.files),
            modules=sorted(claim.modules),
        )
        record.pop("distribution")
        index.append(record)
    (folder / INDEX_FILE).write_text(json.dumps({"components": index}, indent=1), "utf-8")
    return [(f"licenses/{path.name}", str(path), "DATA") for path in sorted(folder.iterdir())]


def version_of(name: str, files: set[str]) -> str:
    """The version of a component that has no metadata: ICU's from its libraries' names."""
    if name == "PyInstaller bootloader":
        import PyInstaller

        return PyInstaller.__version__
    if name == "ICU":
        for file in sorted(files):
            found = re.search(r"icu\w*?\.so\.(\d+)|icu\w*?(\d+)\.dll", file)
            if found:
                return found.group(1) or found.group(2)
    return ""


def safe_file_name(name: str) -> str:
    """``"PySide6 (Qt for Python)"`` -> ``"PySide6-Qt-for-Python"``."""
    return re.sub(r"[^A-Za-z0-9.+_-]+", "-", name).strip("-")
