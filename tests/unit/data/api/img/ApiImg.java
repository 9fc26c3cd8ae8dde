import java.util.Deque;

/* test_api_prepare_image.c (k17): a class of an upload that loads the
 * rest of it by name.  run(helper) loads its helper with Class.forName
 * (the name is data, a field: no walk of the bytecode sees it) and a library
 * deque by a constant name; built(k) a library class whose name is
 * built at run time.  After vm_prepare_image(VM_PREPARE_LIBRARY) of the
 * JAR of ApiImg, ApiImgCheck and ApiImgHelper, run loads and compiles
 * nothing; built still loads its class (the one exception).
 * Compiled with: javac --release 8 -d . ApiImg*.java */
public class ApiImg {
    static String helper = "ApiImgHelper";

    public static int run() throws ReflectiveOperationException {
        ApiImgCheck c = (ApiImgCheck) Class.forName(helper).newInstance();
        @SuppressWarnings("unchecked")
        Deque<Integer> q = (Deque<Integer>) Class.forName("java.util.LinkedList").newInstance();
        int sum = 0;
        for (int i = 0; i < 10; i++) q.addLast(i);
        while (!q.isEmpty()) sum += c.weigh(q.pollFirst());
        return sum;
    }

    public static int built(int k) throws ReflectiveOperationException {
        Object o = Class.forName("java.util." + (k == 0 ? "Stack" : "Vector")).newInstance();
        return o.hashCode() == 0 ? 1 : 2;
    }
}
