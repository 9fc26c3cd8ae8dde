/* runtime_roots.c - the GC roots the runtime holds (roots.h): static
 * reference fields, class mirrors and initialisation errors of every class
 * (primitive classes included), the interned-string table, and the
 * host's handles (vm_handle_new, include/vifvm.h). */
#include "rt_internal.h"

typedef struct visit_ctx {
    gc_visit_fn visit;
    void *ctx;
} visit_ctx;

static void visit_class(vm *vm, jclass *c, void *p) {
    (void)vm;
    visit_ctx *v = p;
    for (uint32_t i = 0; i < c->n_static_refs; i++)
        v->visit(v->ctx, (jobject **)(void *)(c->statics + c->static_ref_offsets[i]));
    if (c->mirror) v->visit(v->ctx, &c->mirror);
    if (c->init_error) v->visit(v->ctx, &c->init_error);
    if (c->link_error) v->visit(v->ctx, &c->link_error);
}

void rt_visit_runtime_roots(vm *vm, gc_visit_fn visit, void *ctx) {
    visit_ctx v = { visit, ctx };
    rt_table_each(vm, visit_class, &v);
    for (int i = 0; i < 9; i++)
        if (vm->wk.prim[i]) visit_class(vm, vm->wk.prim[i], &v);
    rt_intern_visit(vm, visit, ctx);
    for (struct vm_handle *h = vm->host_handles; h; h = h->next) visit(ctx, &h->obj);
}
