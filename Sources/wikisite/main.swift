print("wikisite")
