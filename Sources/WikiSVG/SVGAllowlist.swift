/// What a cleaned SVG may hold: the elements and attributes that draw, and nothing that can
/// run script or load anything from elsewhere (`SVGSanitizer`).
///
/// Left out on purpose: `script`, `foreignObject` (it holds HTML), `a` (a link; its children
/// are kept), the animation elements (`set` and `animate` can rewrite an `href` into a
/// `javascript:` URL), `iframe`, `video`, `audio`, `metadata` and every element of another
/// namespace (editors' own data); every `on*` event attribute; `xml:base`.
public enum SVGAllowlist {
    /// The SVG namespace, which every element of a cleaned SVG is in.
    public static let svgNamespace = "http://www.w3.org/2000/svg"
    /// The XLink namespace, whose `href` older SVG uses for references.
    public static let xlinkNamespace = "http://www.w3.org/1999/xlink"
    /// The namespace of the `xml:` prefix (`xml:space`, `xml:lang`).
    public static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// The elements kept (local names in the SVG namespace). `style` is kept only when its
    /// text is safe CSS (`isSafeCSS`).
    public static let elements: Set<String> = [
        "svg", "g", "defs", "symbol", "use", "switch", "path", "rect", "circle", "ellipse", "line", "polyline",
        "polygon", "text", "tspan", "textPath", "title", "desc", "linearGradient", "radialGradient", "stop",
        "pattern", "clipPath", "mask", "marker", "image", "style", "filter", "feBlend", "feColorMatrix",
        "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap",
        "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur",
        "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight", "feSpecularLighting",
        "feSpotLight", "feTile", "feTurbulence",
    ]

    /// Elements left out whose children are kept in their place: a link's text and shapes still
    /// draw, without the link.
    public static let unwrappedElements: Set<String> = ["a"]

    /// Elements whose text is part of the drawing (or its accessible name), and so kept.
    public static let textElements: Set<String> = ["text", "tspan", "textPath", "title", "desc", "style"]

    /// The attributes without a namespace kept on any element: geometry, presentation,
    /// gradients, patterns, markers, masks, filters, text layout, and `href` (under
    /// `isSafeReference`). Values that hold CSS `url(…)` must also pass `isSafeCSS`.
    public static let attributes: Set<String> = geometry.union(presentation).union(paintServers).union(filters)

    /// The attributes of the XLink namespace kept: only `href`, under `isSafeReference`.
    public static let xlinkAttributes: Set<String> = ["href"]

    /// The attributes of the `xml:` namespace kept.
    public static let xmlAttributes: Set<String> = ["space", "lang"]

    private static let geometry: Set<String> = [
        "id", "class", "style", "lang", "href", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx",
        "fy", "fr", "width", "height", "d", "points", "pathLength", "transform", "viewBox", "preserveAspectRatio",
        "version", "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset", "method", "spacing", "side",
        "systemLanguage",
    ]

    private static let presentation: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "opacity", "color",
        "display", "visibility", "clip-path", "clip-rule", "mask", "filter", "marker-start", "marker-mid",
        "marker-end", "font-family", "font-size", "font-weight", "font-style", "font-variant", "font-stretch",
        "font-size-adjust", "text-anchor", "text-decoration", "dominant-baseline", "alignment-baseline",
        "baseline-shift", "letter-spacing", "word-spacing", "writing-mode", "direction", "unicode-bidi", "overflow",
        "paint-order", "vector-effect", "shape-rendering", "text-rendering", "image-rendering",
        "color-interpolation", "color-rendering", "mix-blend-mode", "isolation", "transform-origin", "white-space",
        "stop-color", "stop-opacity", "mask-type",
    ]

    private static let paintServers: Set<String> = [
        "gradientUnits", "gradientTransform", "spreadMethod", "offset", "patternUnits", "patternContentUnits",
        "patternTransform", "clipPathUnits", "maskUnits", "maskContentUnits", "markerWidth", "markerHeight",
        "markerUnits", "refX", "refY", "orient",
    ]

    private static let filters: Set<String> = [
        "filterUnits", "primitiveUnits", "in", "in2", "result", "stdDeviation", "edgeMode", "mode", "operator",
        "k1", "k2", "k3", "k4", "type", "values", "tableValues", "slope", "intercept", "amplitude", "exponent",
        "order", "kernelMatrix", "divisor", "bias", "targetX", "targetY", "preserveAlpha", "kernelUnitLength",
        "surfaceScale", "specularConstant", "specularExponent", "diffuseConstant", "lighting-color", "flood-color",
        "flood-opacity", "scale", "xChannelSelector", "yChannelSelector", "baseFrequency", "numOctaves", "seed",
        "stitchTiles", "azimuth", "elevation", "pointsAtX", "pointsAtY", "pointsAtZ", "limitingConeAngle", "radius",
        "color-interpolation-filters",
    ]

    /// The elements whose `href` may be an inline raster image (`data:image/png` and the like).
    public static let imageElements: Set<String> = ["image", "feImage"]

    /// The `data:` URL prefixes an image's `href` may start with (each followed by `;` or `,`):
    /// raster types, which never run script. `data:image/svg+xml` is not one.
    static let rasterDataPrefixes = ["data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp"]

    /// Whether `value`, the `href` of a `element`, points only inside the drawing (`#id`) or, on
    /// an image, is an inline raster image. Anything else (another file, `http:`,
    /// `javascript:`, `data:text/html`, even with leading spaces) could load or run something.
    /// An id is an XML name without a colon, and an image's base64 or percent-encoded data needs
    /// none after `data:`: a reference with another `:` is dropped rather than kept spelling a
    /// scheme (`#x javascript:`).
    public static func isSafeReference(_ value: String, on element: String) -> Bool {
        if value.hasPrefix("#") { return !value.contains(":") }
        guard imageElements.contains(element) else { return false }
        let lowercased = value.lowercased()
        guard !lowercased.dropFirst("data:".count).contains(":") else { return false }
        return rasterDataPrefixes.contains { prefix in
            lowercased.hasPrefix(prefix) && [";", ","].contains(lowercased.dropFirst(prefix.count).first)
        }
    }

    /// Whether `css` (a `style` element's text, or an attribute's value) loads and runs
    /// nothing: every `url(` points inside the drawing (`url(#id)`, quotes and spaces aside),
    /// and it holds no `@import`, no `expression`, no `javascript:`, no `binding` or `behavior`,
    /// and no `\` (a CSS escape could spell any of them), in any letter case.
    public static func isSafeCSS(_ css: String) -> Bool {
        let lowercased = css.lowercased()
        let refused = ["\\", "@import", "expression", "javascript:", "binding", "behavior"]
        guard !refused.contains(where: lowercased.contains) else { return false }
        var rest = Substring(lowercased)
        while let range = rest.firstRange(of: "url(") {
            rest = rest[range.upperBound...].drop { " \t\n\r\u{C}\"'".contains($0) }
            guard rest.first == "#" else { return false }
        }
        return true
    }
}
