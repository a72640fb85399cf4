"""Probe families: each module draws its own images with code that is not SpatioXolver's.

A family module defines ``FAMILY`` (its name), ``NEEDS`` (modules or programs it draws with;
the runner skips the family, saying why, when one is missing) and ``make(seed, outdir)``,
which draws its images under ``outdir`` and returns items
``{"image": "name.png", "question": "...", "truth": {...}}`` (truth forms: ``score.py``).
"""
