"""The optimizer: config, journal, engine, proposers, screening, release gate, lineage, CLI."""
