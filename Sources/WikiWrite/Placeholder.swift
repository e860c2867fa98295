// placeholder, replaced by the stage's implementation
