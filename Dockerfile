# The site's one image: web (uvicorn), Celery worker and beat run it with their
# own commands (compose.yaml, docs/deploy.md).
FROM python:3.13-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    VAR_DIR=/app/var

WORKDIR /app
RUN useradd --system --home-dir /app --shell /usr/sbin/nologin tables

# Dependencies first (the layer is kept while only the code changes).
COPY pyproject.toml ./
RUN mkdir -p config accounts games history campaigns ops \
    && pip install -e . \
    && rm -rf config accounts games history campaigns ops

COPY . .
# Editable: the site runs from /app, where its templates, static and locale are.
RUN pip install --no-deps -e . \
    && python -c "import glob, polib; [polib.pofile(p).save_as_mofile(p[:-2] + 'mo') for p in glob.glob('locale/*/LC_MESSAGES/*.po')]" \
    && DEBUG=false SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput -v 0 \
    && mkdir -p var/mail && chown -R tables var

USER tables
EXPOSE 8000
# One ASGI process per container; run more containers for more cores.
# Django, not uvicorn, reads the proxy's headers (SECURE_PROXY_SSL_HEADER,
# TRUSTED_PROXY_COUNT): --no-proxy-headers.
CMD ["uvicorn", "config.asgi:application", "--host", "0.0.0.0", "--port", "8000", \
     "--no-access-log", "--no-proxy-headers", "--lifespan", "off"]
