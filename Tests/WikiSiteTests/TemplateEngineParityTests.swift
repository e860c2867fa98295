import Foundation
import TemporaryFolders
import Testing

/// End to end: the compiled templates and swift-mustache publish the same site, byte for byte.
@Suite("Template engines publish the same site")
struct TemplateEngineParityTests {
    @Test(arguments: ["touchwiki.json", "user-guide.json"])
    func theCompiledTemplatesWriteWhatSwiftMustacheWrites(example: String) throws {
        let folder = try TemporaryFolder()
        for (output, engine) in [("compiled", "compiled"), ("mustache", "swift-mustache")] {
            let result = try WikisiteCLI.run(
                ["build", "--source", WikisiteCLI.example(example), "--out", folder.path(output)],
                environment: ["WIKISITE_TEMPLATE_ENGINE": engine])
            #expect(result.status == 0, "\(result.standardError)")
        }
        let compiled = try folder.snapshot("compiled")
        let mustache = try folder.snapshot("mustache")
        #expect(compiled.count > 10)
        #expect(compiled.keys.sorted() == mustache.keys.sorted())
        for (file, bytes) in compiled where mustache[file] != bytes {
            Issue.record("\(file) differs between the compiled templates and swift-mustache")
        }
    }
}
