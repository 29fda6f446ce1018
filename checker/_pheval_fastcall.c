/* phevaluator's 5-, 6- and 7-card evaluators with METH_FASTCALL arguments.
 *
 * phevaluator's own module (_pheval) takes its arguments through METH_VARARGS and
 * PyArg_ParseTuple: a tuple built per call and each card converted by the generic parser,
 * some 1,200 instructions, against ~190 for the evaluation itself (docs/performance.md). The
 * audit makes ~18 of these calls a tournament-log hand (showdowns, clause 28's outs and
 * equity). This module calls the same C functions of phevaluator's own library, found in it
 * by name when it is imported: the evaluation is phevaluator's, only the call is cheaper.
 *
 * Built by the compiled build only (`make accel`, setup.py); checker/replay/ph_evaluators.py
 * falls back to phevaluator's functions when it is absent or cannot find them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <dlfcn.h>

typedef int (*eval5_fn)(int, int, int, int, int);
typedef int (*eval6_fn)(int, int, int, int, int, int);
typedef int (*eval7_fn)(int, int, int, int, int, int, int);

static eval5_fn eval5;
static eval6_fn eval6;
static eval7_fn eval7;

/* The call's arguments as card ids (0..51, what phevaluator's tables are indexed by: its own
 * parser accepts any int and reads out of bounds); -1 with an exception set otherwise. */
static int
card_ids(const char *name, PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want,
         int *ids)
{
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd card ids (%zd given)", name, want,
                     nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyObject *arg = args[i];
        if (!PyLong_Check(arg)) {
            PyErr_Format(PyExc_TypeError, "%s(): a card id is an int, not %.100s", name,
                         Py_TYPE(arg)->tp_name);
            return -1;
        }
        long value = PyLong_AsLong(arg);
        if (value == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (value < 0 || value > 51) {
            PyErr_Format(PyExc_ValueError, "%s(): card id %ld is not in 0..51", name, value);
            return -1;
        }
        ids[i] = (int)value;
    }
    return 0;
}

static PyObject *
evaluate_5cards(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int c[5];
    if (card_ids("evaluate_5cards", args, nargs, 5, c) < 0) {
        return NULL;
    }
    return PyLong_FromLong(eval5(c[0], c[1], c[2], c[3], c[4]));
}

static PyObject *
evaluate_6cards(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int c[6];
    if (card_ids("evaluate_6cards", args, nargs, 6, c) < 0) {
        return NULL;
    }
    return PyLong_FromLong(eval6(c[0], c[1], c[2], c[3], c[4], c[5]));
}

static PyObject *
evaluate_7cards(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int c[7];
    if (card_ids("evaluate_7cards", args, nargs, 7, c) < 0) {
        return NULL;
    }
    return PyLong_FromLong(eval7(c[0], c[1], c[2], c[3], c[4], c[5], c[6]));
}

static PyMethodDef methods[] = {
    {"evaluate_5cards", (PyCFunction)(void (*)(void))evaluate_5cards, METH_FASTCALL,
     "phevaluator's rank (1 best .. 7462) of five card ids."},
    {"evaluate_6cards", (PyCFunction)(void (*)(void))evaluate_6cards, METH_FASTCALL,
     "phevaluator's rank (1 best .. 7462) of the best five of six card ids."},
    {"evaluate_7cards", (PyCFunction)(void (*)(void))evaluate_7cards, METH_FASTCALL,
     "phevaluator's rank (1 best .. 7462) of the best five of seven card ids."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_pheval_fastcall",
    "phevaluator's evaluators with METH_FASTCALL arguments.", -1, methods,
};

/* The evaluators of the phevaluator library Python has loaded (importing phevaluator._pheval
 * loads it); 0, or -1 with ImportError set. */
static int
find_evaluators(void)
{
    PyObject *pheval = PyImport_ImportModule("phevaluator._pheval");
    if (pheval == NULL) {
        return -1;
    }
    PyObject *file = PyObject_GetAttrString(pheval, "__file__");
    Py_DECREF(pheval);
    if (file == NULL) {
        return -1;
    }
    const char *path = PyUnicode_Check(file) ? PyUnicode_AsUTF8(file) : NULL;
    if (path == NULL) {
        Py_DECREF(file);
        PyErr_SetString(PyExc_ImportError, "phevaluator._pheval has no file path");
        return -1;
    }
#ifdef RTLD_NOLOAD
    void *library = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
#else
    void *library = dlopen(path, RTLD_NOW);
#endif
    if (library == NULL) {
        PyErr_Format(PyExc_ImportError, "cannot open %s: %s", path, dlerror());
        Py_DECREF(file);
        return -1;
    }
    Py_DECREF(file);
    /* The library stays loaded: phevaluator's module holds it (no dlclose). */
    eval5 = (eval5_fn)dlsym(library, "evaluate_5cards");
    eval6 = (eval6_fn)dlsym(library, "evaluate_6cards");
    eval7 = (eval7_fn)dlsym(library, "evaluate_7cards");
    if (eval5 == NULL || eval6 == NULL || eval7 == NULL) {
        PyErr_SetString(PyExc_ImportError,
                        "phevaluator's library does not export evaluate_5/6/7cards");
        return -1;
    }
    return 0;
}

PyMODINIT_FUNC
PyInit__pheval_fastcall(void)
{
    if (find_evaluators() < 0) {
        return NULL;
    }
    return PyModule_Create(&module_def);
}
