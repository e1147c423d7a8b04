"""Evidence processing with no Django in it: bark detection in recordings and its timeline picture."""
