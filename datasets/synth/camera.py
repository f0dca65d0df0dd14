"""A pinhole camera looking down at the table from `elev` degrees (90 = straight down)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class Camera:
    right: np.ndarray
    up: np.ndarray
    fwd: np.ndarray
    center: np.ndarray  # camera position in table units
    fx: float = 1.0
    fy: float = 1.0
    cx: float = 0.0
    cy: float = 0.0

    @classmethod
    def looking_at(cls, target, elev_deg: float, azim_deg: float, roll_deg: float,
                   dist: float) -> Camera:
        e, a, r = np.radians([elev_deg, azim_deg, roll_deg])
        fwd = np.array([np.sin(a) * np.cos(e), np.cos(a) * np.cos(e), -np.sin(e)])
        r0 = np.array([np.cos(a), -np.sin(a), 0.0])
        u0 = np.cross(r0, fwd)
        right = np.cos(r) * r0 + np.sin(r) * u0
        up = -np.sin(r) * r0 + np.cos(r) * u0
        center = np.asarray(target, float) - dist * fwd
        return cls(right, up, fwd, center)

    def camera_coords(self, pts: np.ndarray) -> np.ndarray:
        v = np.asarray(pts, float) - self.center
        return np.stack([v @ self.right, v @ self.up, v @ self.fwd], axis=-1)

    def project(self, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Image coordinates (N, 2) and depths (N,) of world points (N, 3)."""
        c = self.camera_coords(pts)
        z = np.maximum(c[..., 2], 1e-6)
        x = self.cx + self.fx * c[..., 0] / z
        y = self.cy - self.fy * c[..., 1] / z
        return np.stack([x, y], axis=-1), c[..., 2]

    def intrinsics(self) -> np.ndarray:
        return np.array([[self.fx, 0, self.cx], [0, self.fy, self.cy], [0, 0, 1.0]])

    def rotation(self) -> np.ndarray:
        """Rows map world directions to (x right, y down, depth)."""
        return np.stack([self.right, -self.up, self.fwd])

    def ground_homography(self) -> np.ndarray:
        """3x3 map from table-plane points (x, y, 1) to homogeneous image points."""
        a = np.array([[1, 0, -self.center[0]], [0, 1, -self.center[1]], [0, 0, -self.center[2]]])
        return self.intrinsics() @ self.rotation() @ a

    def ray_z_at(self, px: np.ndarray) -> np.ndarray:
        """Vertical component of the viewing rays through pixels `px` (N, 2)."""
        rz = (self.rotation().T @ np.linalg.inv(self.intrinsics()))[2]
        return px @ rz[:2] + rz[2]

    def ray_z(self, size: tuple[int, int]) -> np.ndarray:
        """Vertical component of the viewing ray of every pixel (negative where it meets the
        table), as an HxW array."""
        h, w = size
        kinv = np.linalg.inv(self.intrinsics())
        rz = (self.rotation().T @ kinv)[2]  # linear in pixel coordinates
        xs = np.arange(w, dtype=np.float32) + 0.5
        ys = np.arange(h, dtype=np.float32) + 0.5
        return (rz[0] * xs[None, :] + rz[1] * ys[:, None] + rz[2]).astype(np.float32)
