FROM python:3.11-slim

WORKDIR /app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1

COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engines ./engines
COPY assets ./assets
COPY alembic ./alembic
COPY alembic.ini ./
# Editable, so assets/ and alembic/ are found beside the packages as in a checkout.
RUN pip install --no-cache-dir -e .

# Runs the migrations, then the bot (see bot/__main__.py).
CMD ["python", "-m", "bot", "run"]
