"""World priors: what a run may assume about the world an image was taken in.

A :class:`WorldPrior` names the camera (lens on a sensor, elevation and distance ranges)
and the objects (their physical size classes, how far floating objects are scattered,
whether they rest on a ground plane) of a family of images. Generated data carries the
prior of the world it was rendered in (``generation.json``), and the eval adapters pass it
to every run as the option ``world_prior=``; the geometric agents then use it for metric
depth hypotheses, the ground layout and the two-view orbit fit.

A user's image gets **no** prior unless one is asked for (``world_prior="clevr"``, a dict,
a :class:`WorldPrior` or the path of a JSON file); without one, sizes and depth come from
what the image shows only (image area, occlusion, and the ground contact / vertical
position where a ground plane is detected).

>>> p = WorldPrior.clevr()
>>> round(p.focal_px(480), 2), p.nominal_elevation_deg, p.nominal_distance_m
(466.67, 40.0, 11.25)
>>> WorldPrior.from_json(p.to_json()) == p
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from spatioxolver.errors import ConfigError

__all__ = ["WorldPrior", "coerce_world_prior", "prior_of"]

#: Names accepted by :func:`coerce_world_prior` besides dicts, models and JSON files.
NAMED = ("clevr",)


class WorldPrior(BaseModel):
    """The assumed world of a family of images (immutable; JSON round trip).

    Attributes:
        name: a label for people (``"clevr"``, ``"custom"``).
        lens_mm: focal length of the lens in millimetres.
        sensor_width_mm: width of the sensor in millimetres (focal in pixels =
            ``lens_mm / sensor_width_mm * image width``).
        elevation_deg: range of the camera's elevation above the ground, degrees.
        distance_m: range of the camera's distance to the point it looks at, metres.
        object_sizes: physical scale ``r`` (metres) of each size class word.
        floating_scale: factor on ``object_sizes`` for objects floating in a volume.
        volume_side_m: side of the cube floating objects are scattered in (framed by the
            camera from its centre).
        ground_plane: ``"detect"`` (objects rest on a ground plane where the segmenter sees
            one), ``"always"`` or ``"never"``.
        apparent_radius: apparent radius of a shape (``sqrt(mask area / pi)``) in units of
            its scale ``r``, measured on this world's renders.
        size_rule: ``(w_log_area, w_contact_y, w_log_width, w_log_height, bias)`` of the
            linear rule that reads the size class from apparent size and contact height
            (fitted on this world's renders); ``None``: no such rule.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "custom"
    lens_mm: float = Field(gt=0)
    sensor_width_mm: float = Field(gt=0)
    elevation_deg: tuple[float, float]
    distance_m: tuple[float, float]
    object_sizes: dict[str, float] = Field(min_length=1)
    floating_scale: float = Field(default=1.0, gt=0)
    volume_side_m: float = Field(default=10.0, gt=0)
    ground_plane: Literal["detect", "always", "never"] = "detect"
    apparent_radius: dict[str, float] = Field(default_factory=dict)
    size_rule: tuple[float, float, float, float, float] | None = None

    @model_validator(mode="after")
    def _check(self) -> WorldPrior:
        lo, hi = self.elevation_deg
        if not -90.0 <= lo <= hi <= 90.0:
            raise ValueError(
                f"elevation_deg must be an ordered range within -90..90, got {self.elevation_deg}"
            )
        if not 0.0 < self.distance_m[0] <= self.distance_m[1]:
            raise ValueError(f"distance_m must be an ordered range of positive metres, got {self.distance_m}")
        bad = [k for k, v in {**self.object_sizes, **self.apparent_radius}.items() if not v > 0]
        if bad:
            raise ValueError(f"sizes must be positive: {', '.join(bad)}")
        return self

    @classmethod
    def clevr(cls) -> WorldPrior:
        """The world of the project's renderer (CLEVR's): 35 mm on 36 mm, 30-50 degrees up,
        10.5-12 m away, objects of scale 0.35 / 0.7 (x 1.5 floating in a 10 m cube)."""
        return cls(
            name="clevr",
            lens_mm=35.0,
            sensor_width_mm=36.0,
            elevation_deg=(30.0, 50.0),
            distance_m=(10.5, 12.0),
            object_sizes={"small": 0.35, "large": 0.7},
            floating_scale=1.5,
            volume_side_m=10.0,
            ground_plane="detect",
            # medians measured on 255 segmented objects of 30 volume renders (seeds 100-129)
            apparent_radius={"sphere": 1.025, "cube": 1.016, "cylinder": 1.29},
            size_rule=(12.9091, -18.6523, 7.5314, 4.3369, 58.5731),
        )

    def focal_px(self, width: float) -> float:
        """Focal length in pixels for an image ``width`` pixels wide."""
        return self.lens_mm / self.sensor_width_mm * float(width)

    @property
    def nominal_elevation_deg(self) -> float:
        """The middle of the elevation range."""
        return (self.elevation_deg[0] + self.elevation_deg[1]) / 2.0

    @property
    def nominal_distance_m(self) -> float:
        """The middle of the distance range."""
        return (self.distance_m[0] + self.distance_m[1]) / 2.0

    def floating_radii(self) -> tuple[float, ...]:
        """Physical radii of floating objects, smallest first."""
        return tuple(sorted(r * self.floating_scale for r in self.object_sizes.values()))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (lists for ranges)."""
        return self.model_dump(mode="json")

    def to_json(self) -> str:
        """The prior as a JSON string."""
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> WorldPrior:
        """Read :meth:`to_json`'s output (raises :class:`ConfigError` on bad input)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"world_prior: not JSON ({exc.msg} at line {exc.lineno})") from None
        return _validate(data, "world_prior")


def _validate(data: Any, where: str) -> WorldPrior:
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: a world prior is a JSON object, got {type(data).__name__}")
    try:
        return WorldPrior.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err.get("loc", ())) or "prior"
        raise ConfigError(
            f"{where}: bad world prior field {field!r}: {err.get('msg')}; "
            f"see WorldPrior.clevr().to_json() for the fields"
        ) from None


def coerce_world_prior(value: Any) -> WorldPrior | None:
    """A :class:`WorldPrior` from ``None``, a prior, a dict, a name (``"clevr"``) or a JSON file path.

    Raises:
        ConfigError: an unknown name, a missing or unreadable file, or bad fields (one line).
    """
    if value is None or isinstance(value, WorldPrior):
        return value
    if isinstance(value, dict):
        return _validate(value, "world_prior")
    if isinstance(value, (str, Path)):
        text = str(value).strip()
        if text.lower() in NAMED:
            return WorldPrior.clevr()
        path = Path(text).expanduser()
        if not path.is_file():
            raise ConfigError(
                f"world_prior {text!r} is neither a known name ({', '.join(NAMED)}) nor a JSON file"
            )
        try:
            raw = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"world_prior file {path}: cannot read it ({exc})") from None
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"world_prior file {path}: not JSON ({exc.msg} at line {exc.lineno})") from None
        return _validate(data, f"world_prior file {path}")
    raise ConfigError(
        f"world_prior must be 'clevr', a dict, a WorldPrior or a JSON file path, got {type(value).__name__}"
    )


def prior_of(options: Any) -> WorldPrior | None:
    """The prior in a run's (or an agent's) options (``options["world_prior"]``), or ``None``."""
    if not options:
        return None
    value = options.get("world_prior") if hasattr(options, "get") else None
    if value is None:
        return None
    if isinstance(value, WorldPrior):
        return value
    return coerce_world_prior(value)
