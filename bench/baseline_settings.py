"""The site's settings plus one bare view (bench/baseline_urls.py), for the baseline.

Same middleware, same database, same everything: only the urlconf gains one url.
"""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.baseline_urls"
