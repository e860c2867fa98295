import Testing
import WikiRender

@Test func smoke() {
    for md in [
        "# Hi [[There]]\n\nsome [[Foo|bar]] and \\[\\[x\\]\\] and `[[c]]` [[Missing Page#Some Head]]\n> lazy\n[[q]] &#91;[x]] [[#Top]]\n\n[[grep]] x\n\n[grep]: grep.md\n",
        "", "\0[[a\0b]]",
    ] {
        let r = renderForTest(md)
        print(r.html)
        print(r.headings, r.links)
    }
}
