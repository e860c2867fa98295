/*
 * The floor of the benchmark: the least work any program that renders every page with cmark
 * must do. It reads every page's Markdown from one file (what `wikisite-corpus generate
 * --floor-input` writes: for each page, its length in decimal, a newline, the bytes), renders
 * each with cmark_markdown_to_html, wraps it in a minimal HTML page and writes it to
 * <out>/<n>.html. It runs one process per core (the page numbers are dealt out round-robin) and
 * does nothing else: no links, no templates, no state.
 *
 * Build: cc -O2 -o floor floor.c $(pkg-config --cflags --libs libcmark)
 * Use:   floor PAGES-FILE OUT-DIR [PROCESSES]      (PROCESSES defaults to the online cores)
 */
#include <cmark.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char head[] = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Page</title></head><body>\n";
static const char tail[] = "</body></html>\n";

static void fail(const char *what, const char *path) {
    fprintf(stderr, "floor: %s %s: %s\n", what, path, strerror(errno));
    exit(1);
}

/* Renders and writes the pages whose number is `worker` modulo `workers`. */
static void render(const char *bytes, size_t size, const char *out, long worker, long workers) {
    char path[4096];
    const char *at = bytes, *end = bytes + size;
    for (long number = 0; at < end; number++) {
        const char *after = at;
        size_t length = 0;
        while (after < end && *after >= '0' && *after <= '9') length = length * 10 + (size_t)(*after++ - '0');
        if (after == at || after >= end || *after != '\n' || length > (size_t)(end - after - 1)) {
            fprintf(stderr, "floor: malformed input at page %ld\n", number);
            exit(1);
        }
        const char *markdown = after + 1;
        at = markdown + length;
        if (number % workers != worker) continue;
        char *html = cmark_markdown_to_html(markdown, length, CMARK_OPT_DEFAULT);
        snprintf(path, sizeof path, "%s/%ld.html", out, number);
        int file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (file < 0) fail("cannot create", path);
        size_t html_length = strlen(html);
        size_t total = sizeof head - 1 + html_length + sizeof tail - 1;
        char *page = malloc(total);
        memcpy(page, head, sizeof head - 1);
        memcpy(page + sizeof head - 1, html, html_length);
        memcpy(page + sizeof head - 1 + html_length, tail, sizeof tail - 1);
        if (write(file, page, total) != (ssize_t)total || close(file) != 0) fail("cannot write", path);
        free(page);
        free(html);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: floor PAGES-FILE OUT-DIR [PROCESSES]\n");
        return 2;
    }
    long workers = argc > 3 ? atol(argv[3]) : sysconf(_SC_NPROCESSORS_ONLN);
    if (workers < 1) workers = 1;
    int input = open(argv[1], O_RDONLY);
    if (input < 0) fail("cannot open", argv[1]);
    struct stat info;
    if (fstat(input, &info) != 0) fail("cannot read", argv[1]);
    size_t size = (size_t)info.st_size;
    const char *bytes = size == 0 ? "" : mmap(NULL, size, PROT_READ, MAP_PRIVATE, input, 0);
    if (bytes == MAP_FAILED) fail("cannot map", argv[1]);
    if (mkdir(argv[2], 0755) != 0 && errno != EEXIST) fail("cannot create", argv[2]);

    for (long worker = 1; worker < workers; worker++) {
        pid_t child = fork();
        if (child < 0) fail("cannot fork for", argv[2]);
        if (child == 0) {
            render(bytes, size, argv[2], worker, workers);
            _exit(0);
        }
    }
    render(bytes, size, argv[2], 0, workers);
    int status, failed = 0;
    while (wait(&status) > 0) failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    return failed;
}
