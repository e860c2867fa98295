import Foundation
import WikiDocuments
import WikiPages

/// A wiki's whole search index put in place as `SearchIndexBuilder` makes it: each batch's files
/// announced, then written on every core, then its rows recorded in the state in a transaction
/// of their own, so that no batch outlives its handing over. Rows recorded before the build's
/// commit are safe: the state is marked unfinished while a build writes
/// (`BuildState.markUnfinished()`), so a build that stops before its commit makes the next one a
/// full one, which makes the index anew.
package struct RecordedSearchIndex: SearchIndexSink {
    let files: WikiSearchFiles
    let writer: SiteWriter
    let state: BuildState
    /// Why the files are written, as `--explain` says.
    let cause: String

    private var wikiID: String { files.analysis.wiki.id }

    package func take(_ entries: [SearchEntry]) throws {
        let paths = entries.map { files.path(of: SearchIndex.documentFileName($0.key)) }
        try writer.announce(paths)
        let (writer, cause) = (writer, cause)
        try Concurrently.forEach(entries.count) { position in
            let entry = entries[position]
            let file = SearchIndex.documentFile(entry.key, value: entry.value)
            try writer.write(file.text, to: paths[position], because: cause)
        }
        try state.recordSearchEntries(entries, ofWiki: wikiID)
    }

    package func take(_ shards: [SearchIndexBuilder.Shard]) throws {
        let paths = shards.map { shard in
            (
                shard: files.path(of: SearchIndex.termFileName(shard.key)),
                parts: shard.parts.map { split in
                    split.parts.map {
                        files.path(of: SearchIndex.partFileName(of: split.term, band: $0.band, slice: $0.slice))
                    }
                }
            )
        }
        try writer.announce(paths.flatMap { [$0.shard] + $0.parts.flatMap { $0 } })
        let (writer, cause, parts) = (writer, cause, files.cut.parts)
        let rows = try Concurrently.map(shards.count) { position in
            let shard = shards[position]
            let text = SearchIndex.termFile(shard.key, shard.stored, parts: parts).text
            try writer.write(text, to: paths[position].shard, because: cause)
            return try zip(shard.parts, paths[position].parts).flatMap { split, partPaths in
                let files = SearchIndex.partFiles(of: split.term, split.parts)
                return try zip(split.parts, zip(files, partPaths)).map { part, file in
                    try writer.write(file.0.text, to: file.1, because: cause)
                    let key = SearchPartKey(term: split.term, band: part.band, slice: part.slice)
                    return (key: key, postings: SearchRowWriter.encoded(part.postings))
                }
            }
        }
        try state.recordSearchShards(shards, parts: rows.flatMap { $0 }, ofWiki: wikiID)
    }

    package func finish(_ totals: SearchIndex.Totals, shardKeys: [String]) throws {
        let file = SearchIndex.metaFile(totals, shardKeys: shardKeys)
        try writer.write(file.text, to: files.path(of: file.name), because: cause)
        try state.recordSearchTotals(totals, ofWiki: wikiID)
    }
}

extension WikiSearchFiles {
    /// Writes the index's files with `writer` (those whose bytes did not change are left
    /// alone) and records its rows in `state` as it makes them (`RecordedSearchIndex`), with the
    /// file of each alias's redirect (`SearchAliasFile`), and retires the files of an earlier
    /// build it no longer has.
    package func write(with writer: SiteWriter, recordingIn state: BuildState, because cause: String) throws {
        let aliasFiles = analysis.aliases.redirects.map {
            SearchAliasFile.file(of: $0, inWiki: analysis.wiki.id, in: siteLayout)
        }
        writer.retire(withPrefix: siteLayout.folderPrefix(ofWiki: analysis.wiki.id) + Self.folder + "/", because: cause)
        try writer.announce(aliasFiles.map { path(of: $0.name) })
        for file in aliasFiles { try writer.write(file.text, to: path(of: file.name), because: cause) }
        try state.forgetSearchIndex(ofWiki: analysis.wiki.id)
        try build(into: RecordedSearchIndex(files: self, writer: writer, state: state, cause: cause))
    }
}
