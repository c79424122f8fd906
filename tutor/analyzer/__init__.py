"""The analyzer: "What can I do with this card?" for any position."""
