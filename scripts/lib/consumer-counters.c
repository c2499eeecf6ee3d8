// Counters for one consumer process, preloaded by scripts/consumer-counters.sh
// (docs/benchmarks.md, "Counting what a command costs"). Measurement only, never in production:
//
// - each SQL statement: how often it was stepped and the calling thread's CPU time inside
//   sqlite3_step (a commit's WAL writes included);
// - each file: bytes written by pwrite, write calls, and fdatasync/fsync calls;
// - malloc, calloc, realloc and free calls.
//
// At exit the counters go to $CONSUMER_COUNTERS_OUT as tab-separated lines:
//   statement <steps> <cpu seconds> <sql>
//   file <bytes> <writes> <syncs> <path>
//   allocations <malloc> <calloc> <realloc> <free>
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

typedef struct sqlite3_stmt sqlite3_stmt;

enum { statement_limit = 512, descriptor_limit = 4096 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const char *statements[statement_limit];
static long long steps[statement_limit];
static double step_seconds[statement_limit];
static int statement_count;

static long long written[descriptor_limit], writes[descriptor_limit], syncs[descriptor_limit];
static char *paths[descriptor_limit];

// Counters of closed descriptors, by file: a descriptor number is reused for other files.
enum { file_limit = 256 };
static char *file_paths[file_limit];
static long long file_written[file_limit], file_writes[file_limit], file_syncs[file_limit];
static int file_count;

static long long mallocs, callocs, reallocs, frees;

// The allocator the process would use without these counters: the next definitions after this
// library, jemalloc in the services (docs/architecture.md, "Memory allocator"), glibc's in a
// process that does not link it. Forwarding to glibc's `__libc_*` instead would mix two
// allocators in a jemalloc process (its `posix_memalign` and `malloc_usable_size` are not
// counted here) and crash it.
static void *(*next_malloc)(size_t);
static void *(*next_calloc)(size_t, size_t);
static void *(*next_realloc)(void *, size_t);
static void (*next_free)(void *);
static int resolving;

// Looked up on the first call. glibc's dlsym allocates nothing for a symbol that exists (none
// while resolving in a consumer, checked on Debian 12's glibc 2.36); should it ever, that
// allocation gets NULL while `resolving` instead of recursing.
static void resolve(void) {
    if (next_free || resolving) return;
    resolving = 1;
    next_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
    next_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
    next_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
    next_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
    resolving = 0;
}

void *malloc(size_t size) {
    resolve();
    if (!next_malloc) return NULL;
    __atomic_add_fetch(&mallocs, 1, __ATOMIC_RELAXED);
    return next_malloc(size);
}

void *calloc(size_t count, size_t size) {
    resolve();
    if (!next_calloc) return NULL;
    __atomic_add_fetch(&callocs, 1, __ATOMIC_RELAXED);
    return next_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    resolve();
    if (!next_realloc) return NULL;
    __atomic_add_fetch(&reallocs, 1, __ATOMIC_RELAXED);
    return next_realloc(pointer, size);
}

void free(void *pointer) {
    if (!pointer) return;
    resolve();
    __atomic_add_fetch(&frees, 1, __ATOMIC_RELAXED);
    if (next_free) next_free(pointer);
}

static double thread_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

int sqlite3_step(sqlite3_stmt *statement) {
    static int (*step)(sqlite3_stmt *);
    static const char *(*sql_of)(sqlite3_stmt *);
    if (!step) {
        step = (int (*)(sqlite3_stmt *))dlsym(RTLD_NEXT, "sqlite3_step");
        sql_of = (const char *(*)(sqlite3_stmt *))dlsym(RTLD_NEXT, "sqlite3_sql");
    }
    double start = thread_seconds();
    int result = step(statement);
    double elapsed = thread_seconds() - start;
    const char *sql = sql_of(statement);
    if (!sql) sql = "(no SQL)";
    pthread_mutex_lock(&lock);
    int index = 0;
    while (index < statement_count && strcmp(statements[index], sql) != 0) index++;
    if (index == statement_count && statement_count < statement_limit) statements[statement_count++] = strdup(sql);
    if (index < statement_count) {
        steps[index]++;
        step_seconds[index] += elapsed;
    }
    pthread_mutex_unlock(&lock);
    return result;
}

// Moves a descriptor's counters to its file's (called with the lock held).
static void retire_descriptor(int descriptor) {
    if (!paths[descriptor]) return;
    int index = 0;
    while (index < file_count && strcmp(file_paths[index], paths[descriptor]) != 0) index++;
    if (index == file_count && file_count < file_limit) file_paths[file_count++] = strdup(paths[descriptor]);
    if (index < file_count) {
        file_written[index] += written[descriptor];
        file_writes[index] += writes[descriptor];
        file_syncs[index] += syncs[descriptor];
    }
    free(paths[descriptor]);
    paths[descriptor] = NULL;
    written[descriptor] = writes[descriptor] = syncs[descriptor] = 0;
}

int close(int descriptor) {
    static int (*next)(int);
    if (!next) next = (int (*)(int))dlsym(RTLD_NEXT, "close");
    if (descriptor >= 0 && descriptor < descriptor_limit) {
        pthread_mutex_lock(&lock);
        retire_descriptor(descriptor);
        pthread_mutex_unlock(&lock);
    }
    return next(descriptor);
}

// The file a descriptor is open on, looked up on its first write or sync since it was opened
// (called with the lock held).
static void name_descriptor(int descriptor) {
    if (paths[descriptor]) return;
    char link[64], target[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", descriptor);
    ssize_t length = readlink(link, target, sizeof target - 1);
    target[length > 0 ? length : 0] = 0;
    paths[descriptor] = strdup(target);
}

static void note_write(int descriptor, ssize_t bytes) {
    if (descriptor < 0 || descriptor >= descriptor_limit || bytes <= 0) return;
    pthread_mutex_lock(&lock);
    written[descriptor] += bytes;
    writes[descriptor]++;
    name_descriptor(descriptor);
    pthread_mutex_unlock(&lock);
}

ssize_t pwrite64(int descriptor, const void *bytes, size_t count, off64_t offset) {
    static ssize_t (*next)(int, const void *, size_t, off64_t);
    if (!next) next = (ssize_t (*)(int, const void *, size_t, off64_t))dlsym(RTLD_NEXT, "pwrite64");
    ssize_t result = next(descriptor, bytes, count, offset);
    note_write(descriptor, result);
    return result;
}

ssize_t pwrite(int descriptor, const void *bytes, size_t count, off_t offset) {
    return pwrite64(descriptor, bytes, count, offset);
}

static void note_sync(int descriptor) {
    if (descriptor < 0 || descriptor >= descriptor_limit) return;
    pthread_mutex_lock(&lock);
    syncs[descriptor]++;
    name_descriptor(descriptor);
    pthread_mutex_unlock(&lock);
}

int fdatasync(int descriptor) {
    static int (*next)(int);
    if (!next) next = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    note_sync(descriptor);
    return next(descriptor);
}

int fsync(int descriptor) {
    static int (*next)(int);
    if (!next) next = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    note_sync(descriptor);
    return next(descriptor);
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("CONSUMER_COUNTERS_OUT");
    FILE *out = path ? fopen(path, "w") : NULL;
    if (!out) return;
    for (int index = 0; index < statement_count; index++) {
        char sql[200];
        snprintf(sql, sizeof sql, "%s", statements[index]);
        for (char *c = sql; *c; c++) if (*c == '\n' || *c == '\t') *c = ' ';
        fprintf(out, "statement\t%lld\t%.6f\t%s\n", steps[index], step_seconds[index], sql);
    }
    pthread_mutex_lock(&lock);
    for (int descriptor = 0; descriptor < descriptor_limit; descriptor++) retire_descriptor(descriptor);
    for (int index = 0; index < file_count; index++) {
        fprintf(out, "file\t%lld\t%lld\t%lld\t%s\n", file_written[index], file_writes[index], file_syncs[index], file_paths[index]);
    }
    pthread_mutex_unlock(&lock);
    fprintf(out, "allocations\t%lld\t%lld\t%lld\t%lld\n", mallocs, callocs, reallocs, frees);
    fclose(out);
}
