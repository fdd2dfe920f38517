"""One thin module per `gaia` command: parse flags, call the library, print, return the code."""
