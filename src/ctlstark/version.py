"""The package version, in a module of its own so that `api` can read it without importing the package."""

VERSION = "0.1.0"
