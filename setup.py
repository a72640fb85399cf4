"""Computes the package-dir mapping that ships agents/ graphs/ prompts/ evals/ inside spatioxolver.

Every (sub-)package under those folders is discovered, so a new sub-package is never
silently dropped; nothing is installed as a top-level ``agents`` / ``graphs`` / ``evals``.
"""

from setuptools import find_packages, setup

MAPPED_FOLDERS = ("agents", "graphs", "prompts", "evals")

package_dir = {"spatioxolver": "spatioxolver"}
packages = find_packages(include=["spatioxolver", "spatioxolver.*"])
for folder in MAPPED_FOLDERS:
    root = f"spatioxolver.{folder}"
    package_dir[root] = folder
    packages.append(root)
    for sub in find_packages(where=folder):
        packages.append(f"{root}.{sub}")
        package_dir[f"{root}.{sub}"] = f"{folder}/{sub.replace('.', '/')}"

setup(
    packages=packages,
    package_dir=package_dir,
    package_data={
        "spatioxolver.prompts": ["*.txt", "*.md", "**/*.txt", "**/*.md"],
        "spatioxolver": ["py.typed", "data/*", "data/**/*"],
        "spatioxolver.evals": ["fixtures/*", "fixtures/**/*"],
    },
)
