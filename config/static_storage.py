"""Static files in production: hashed and compressed names (WhiteNoise), ES modules included."""

from whitenoise.storage import CompressedManifestStaticFilesStorage  # type: ignore[import-untyped]


class StaticStorage(CompressedManifestStaticFilesStorage):
    """Rewrites `import … from "./code.js"` in the phone's modules to the hashed names too, so a
    phone never mixes the modules of two releases (they are cached for a year under their hash)."""

    support_js_module_import_aggregation = True
